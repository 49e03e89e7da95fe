package io.meridian.loadtests.load;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.meridian.loadtests.generators.Hexagons;
import io.meridian.loadtests.generators.Places;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The data sets of the load tests. Entity {@code i} of a data set depends only on the seed and
 * {@code i}, never on the count, so a smaller data set is a prefix of a larger one, and every
 * entity has a unique name ({@code prefix-0000042}) by which a loader can tell whether it exists.
 */
public enum Dataset {
  /** Usergrid's benchmark entities: about 1 KB each, collection {@code things}. */
  THINGS("things", "thing-", 100_000),
  /** Geomarketing: large overlapping hexagons ({@link Hexagons.Size#LARGE}) with an ad each. */
  FENCES("ads", "ad-", Hexagons.COUNT),
  /**
   * Geomarketing as Kuzzle spread it: the same sizes over the contiguous United States ({@link
   * Hexagons.Size#KUZZLE}), about four fences around a point instead of two hundred.
   */
  KUZZLE_FENCES("kads", "kad-", Hexagons.COUNT),
  /** Places near: 653,796 points of interest, 70 % in Bay Area clusters ({@link Places}). */
  PLACES("places", "place-", Places.COUNT),
  /** Geo2Tag's tags: a channel, a location, an altitude, the device's time and a label. */
  TAGS("tags", "tag-", 54_000);

  /** Channels the tags are spread over, {@code channel-0} to {@code channel-7}. */
  public static final int TAG_CHANNELS = 8;

  /** The time of tag 0, in epoch milliseconds (2025-11-21T00:00:00Z); tag i is i seconds later. */
  public static final long TAG_EPOCH = 1_763_683_200_000L;

  private static final String[] CATEGORIES = {"food", "cars", "travel", "books"};
  private static final String[] KINDS = {"cafe", "shop", "park"};
  private static final String WORDS =
      "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut"
          + " labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco";

  private final String collection;
  private final String prefix;
  private final int defaultCount;

  Dataset(String collection, String prefix, int defaultCount) {
    this.collection = collection;
    this.prefix = prefix;
    this.defaultCount = defaultCount;
  }

  public String collection() {
    return collection;
  }

  /** The full-size count, the reference benchmark's. */
  public int defaultCount() {
    return defaultCount;
  }

  /** What every name of this data set starts with, {@code place-} for instance. */
  public String prefix() {
    return prefix;
  }

  /** The index {@code i} whose {@link #name} this is, or -1 for a name not of this data set. */
  public int index(String name) {
    if (name == null || !name.startsWith(prefix)) {
      return -1;
    }
    try {
      int index = Integer.parseInt(name.substring(prefix.length()));
      return index >= 0 && name(index).equals(name) ? index : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The unique name of entity {@code i}. */
  public String name(int i) {
    return prefix + String.format(Locale.ROOT, "%07d", i);
  }

  /** The hexagons of a fence data set. */
  public Hexagons.Size fenceSize() {
    return switch (this) {
      case FENCES -> Hexagons.Size.LARGE;
      case KUZZLE_FENCES -> Hexagons.Size.KUZZLE;
      default -> throw new IllegalStateException(this + " is not a set of fences");
    };
  }

  /** The entities 0 to {@code count - 1} of this data set for {@code seed}. */
  public Source generate(long seed, int count) {
    return switch (this) {
      case THINGS -> i -> thing(seed, i);
      case FENCES, KUZZLE_FENCES -> {
        Hexagons hexagons = Hexagons.generate(fenceSize(), count, seed);
        yield i -> fence(hexagons, i);
      }
      case PLACES -> {
        Places places = Places.generate(count, seed);
        yield i -> place(places, i);
      }
      case TAGS -> {
        Places where = Places.generate(count, seed);
        yield i -> tag(where, seed, i);
      }
    };
  }

  /** Entities by index; thread-safe. */
  @FunctionalInterface
  public interface Source {
    ObjectNode entity(int i);
  }

  private ObjectNode named(int i) {
    return JsonNodeFactory.instance.objectNode().put("name", name(i));
  }

  private ObjectNode thing(long seed, int i) {
    SplittableRandom random = new SplittableRandom(seed * 1_000_003L + i);
    ObjectNode thing = named(i);
    thing.put("category", "c" + random.nextInt(20));
    thing.put("rank", i);
    thing.put("score", Math.round(random.nextDouble() * 1e6) / 1e3);
    thing.put("active", random.nextBoolean());
    StringBuilder text = new StringBuilder(900);
    while (text.length() < 880) {
      int start = random.nextInt(WORDS.length() - 40);
      text.append(WORDS, start, start + 24 + random.nextInt(16)).append(' ');
    }
    thing.put("payload", text.toString().trim());
    return thing;
  }

  private ObjectNode fence(Hexagons hexagons, int i) {
    ObjectNode ad = named(i);
    ad.set("geometry", hexagons.geometry(i));
    ad.put("title", "Ad " + i);
    ad.put("category", CATEGORIES[i % CATEGORIES.length]);
    ad.put("priority", i % 10);
    ad.put("text", "Campaign " + i + ": " + WORDS.substring(0, 60 + i % 60));
    return ad;
  }

  private ObjectNode place(Places places, int i) {
    ObjectNode place = named(i);
    place
        .putObject("location")
        .put("latitude", places.latitude(i))
        .put("longitude", places.longitude(i));
    place.put("kind", KINDS[i % KINDS.length]);
    return place;
  }

  private ObjectNode tag(Places where, long seed, int i) {
    SplittableRandom random = new SplittableRandom(seed * 7_919L + i);
    ObjectNode tag = named(i);
    tag.put("channel", "channel-" + (i % TAG_CHANNELS));
    tag.putObject("location")
        .put("latitude", where.latitude(i))
        .put("longitude", where.longitude(i));
    tag.put("altitude", Math.round(random.nextDouble() * 5000) / 10.0);
    tag.put("time", TAG_EPOCH + 1000L * i);
    tag.put("label", "Tag " + i);
    tag.put("link", "https://example.com/tags/" + i);
    return tag;
  }
}
