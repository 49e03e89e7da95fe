package io.meridian.loadtests.jmh;

import io.meridian.core.geo.FenceIndex;
import io.meridian.core.geo.FenceShape;
import io.meridian.loadtests.generators.Hexagons;
import java.util.function.Consumer;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.index.ItemVisitor;
import org.locationtech.jts.index.SpatialIndex;
import org.locationtech.jts.index.hprtree.HPRtree;
import org.locationtech.jts.index.strtree.STRtree;

/**
 * The fence structures the benchmarks compare, behind one interface: Meridian's grid ({@link
 * FenceIndex}) and JTS's STRtree and HPRtree, which find candidates by bounding box and then run
 * the same exact test ({@link FenceShape#contains}) on each.
 */
final class FenceStructures {
  private FenceStructures() {}

  /** Counts the fences containing a point; one instance per thread. */
  interface Lookup {
    int count(double latitude, double longitude);
  }

  static Lookup build(String structure, Hexagons hexagons) {
    return switch (structure) {
      case "grid" -> new Grid(grid(hexagons));
      case "strtree" -> new Tree(tree(new STRtree(), hexagons));
      case "hprtree" -> new Tree(tree(new HPRtree(), hexagons));
      default -> throw new IllegalArgumentException("unknown structure " + structure);
    };
  }

  /** The fence index of the hexagons, loaded in one batch; values are the fence numbers. */
  static FenceIndex<Integer> grid(Hexagons hexagons) {
    FenceIndex<Integer> index = new FenceIndex<>();
    index.update(
        changes -> {
          for (int i = 0; i < hexagons.size(); i++) {
            changes.put(hexagons.id(i), 1, hexagons.shape(i), i);
          }
        });
    return index;
  }

  /** A JTS tree of the hexagons' shapes by bounding box, built (and so frozen) before use. */
  static SpatialIndex tree(SpatialIndex tree, Hexagons hexagons) {
    for (int i = 0; i < hexagons.size(); i++) {
      FenceShape shape = hexagons.shape(i);
      Envelope box =
          new Envelope(
              shape.minLongitude(), shape.maxLongitude(), shape.minLatitude(), shape.maxLatitude());
      tree.insert(box, shape);
    }
    if (tree instanceof STRtree strtree) {
      strtree.build();
    } else if (tree instanceof HPRtree hprtree) {
      hprtree.build();
    }
    return tree;
  }

  private static final class Grid implements Lookup, Consumer<Integer> {
    private final FenceIndex<Integer> index;
    private int count;

    Grid(FenceIndex<Integer> index) {
      this.index = index;
    }

    @Override
    public int count(double latitude, double longitude) {
      count = 0;
      index.forEachContaining(latitude, longitude, this);
      return count;
    }

    @Override
    public void accept(Integer value) {
      count++;
    }
  }

  private static final class Tree implements Lookup, ItemVisitor {
    private final SpatialIndex tree;
    private final Envelope point = new Envelope();
    private double latitude;
    private double longitude;
    private int count;

    Tree(SpatialIndex tree) {
      this.tree = tree;
    }

    @Override
    public int count(double latitude, double longitude) {
      this.latitude = latitude;
      this.longitude = longitude;
      count = 0;
      point.init(longitude, longitude, latitude, latitude);
      tree.query(point, this);
      return count;
    }

    @Override
    public void visitItem(Object item) {
      if (((FenceShape) item).contains(latitude, longitude)) {
        count++;
      }
    }
  }
}
