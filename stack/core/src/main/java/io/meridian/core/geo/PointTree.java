package io.meridian.core.geo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * The persistent bucket quadtree behind {@link PointIndex}: nodes are immutable, an insert or a
 * delete copies the path from the root to one leaf and shares everything else, so a reader holding
 * a root sees one complete version of the tree however writers proceed.
 *
 * <p>The root covers latitude [-90, 90] × longitude [-180, 180]; a branch splits its rectangle at
 * the midpoints (exact binary fractions, so a point's quadrant is never a rounding question). A
 * leaf holds up to {@link #LEAF_CAPACITY} points and splits when one more arrives, except at {@link
 * #MAX_DEPTH} (cells about a centimetre wide), where points that close stay together. A branch
 * whose subtree falls to half a leaf is folded back into one leaf, so deletions leave no empty or
 * sparse structure behind.
 *
 * <p>Searches are bound by memory reads, one cache miss per object, so the layout avoids them: a
 * branch holds its four children in fields and the cosines of its three latitudes, which give a
 * child's distance bound without reading the child; a leaf keeps its points' coordinates in one
 * array beside the entries.
 */
final class PointTree {
  static final int LEAF_CAPACITY = 32;
  static final int MAX_DEPTH = 32;

  private PointTree() {}

  /** One indexed point; immutable. */
  record Entry<T>(UUID id, long version, double latitude, double longitude, T value)
      implements VersionedIndex.Versioned {}

  abstract static sealed class Node permits Leaf, Branch {
    final double minLat;
    final double maxLat;
    final double minLon;
    final double maxLon;

    Node(double minLat, double maxLat, double minLon, double maxLon) {
      this.minLat = minLat;
      this.maxLat = maxLat;
      this.minLon = minLon;
      this.maxLon = maxLon;
    }

    abstract int size();

    final double midLat() {
      return (minLat + maxLat) / 2;
    }

    final double midLon() {
      return (minLon + maxLon) / 2;
    }

    /** Quadrant 0 is south-west, 1 south-east, 2 north-west, 3 north-east. */
    final int quadrant(double latitude, double longitude) {
      return (latitude >= midLat() ? 2 : 0) | (longitude >= midLon() ? 1 : 0);
    }

    final Leaf emptyChild(int quadrant) {
      boolean north = (quadrant & 2) != 0;
      boolean east = (quadrant & 1) != 0;
      return new Leaf(
          north ? midLat() : minLat,
          north ? maxLat : midLat(),
          east ? midLon() : minLon,
          east ? maxLon : midLon(),
          NO_ENTRIES);
    }
  }

  private static final Entry<?>[] NO_ENTRIES = new Entry<?>[0];

  /** A leaf: its entries, and their coordinates again as {@code lat, lon, ...}. */
  static final class Leaf extends Node {
    final Entry<?>[] entries;
    final double[] coordinates;

    Leaf(double minLat, double maxLat, double minLon, double maxLon, Entry<?>[] entries) {
      super(minLat, maxLat, minLon, maxLon);
      this.entries = entries;
      this.coordinates = new double[2 * entries.length];
      for (int i = 0; i < entries.length; i++) {
        coordinates[2 * i] = entries[i].latitude();
        coordinates[2 * i + 1] = entries[i].longitude();
      }
    }

    @Override
    int size() {
      return entries.length;
    }
  }

  static final class Branch extends Node {
    final Node southWest;
    final Node southEast;
    final Node northWest;
    final Node northEast;
    final int size;

    /** cos of the southern, middle and northern latitude of the rectangle. */
    final double cosSouth;

    final double cosMiddle;
    final double cosNorth;

    private Branch(Node bounds, Node[] children, int size, double[] cosines) {
      super(bounds.minLat, bounds.maxLat, bounds.minLon, bounds.maxLon);
      this.southWest = children[0];
      this.southEast = children[1];
      this.northWest = children[2];
      this.northEast = children[3];
      this.size = size;
      this.cosSouth = cosines[0];
      this.cosMiddle = cosines[1];
      this.cosNorth = cosines[2];
    }

    /** An empty branch over the node's rectangle. */
    static Branch over(Node bounds) {
      double[] cosines = {cos(bounds.minLat), cos(bounds.midLat()), cos(bounds.maxLat)};
      return new Branch(bounds, new Node[4], 0, cosines);
    }

    private static double cos(double latitude) {
      return Math.max(0, Math.cos(Math.toRadians(latitude)));
    }

    Node child(int quadrant) {
      return switch (quadrant) {
        case 0 -> southWest;
        case 1 -> southEast;
        case 2 -> northWest;
        default -> northEast;
      };
    }

    Node[] children() {
      return new Node[] {southWest, southEast, northWest, northEast};
    }

    Branch with(int quadrant, Node child, int newSize) {
      Node[] children = children();
      children[quadrant] = child;
      return new Branch(this, children, newSize, new double[] {cosSouth, cosMiddle, cosNorth});
    }

    /** The smallest cosine over the latitudes of a child's rectangle. */
    double cosMinLat(int quadrant) {
      return (quadrant & 2) != 0 ? Math.min(cosMiddle, cosNorth) : Math.min(cosSouth, cosMiddle);
    }

    @Override
    int size() {
      return size;
    }
  }

  static Leaf emptyWorld() {
    return new Leaf(-90, 90, -180, 180, NO_ENTRIES);
  }

  /** The tree with {@code entry} added. */
  static Node insert(Node node, Entry<?> entry, int depth) {
    if (node instanceof Leaf leaf) {
      if (leaf.entries.length < LEAF_CAPACITY || depth >= MAX_DEPTH) {
        Entry<?>[] entries = Arrays.copyOf(leaf.entries, leaf.entries.length + 1);
        entries[leaf.entries.length] = entry;
        return new Leaf(leaf.minLat, leaf.maxLat, leaf.minLon, leaf.maxLon, entries);
      }
      Node split = Branch.over(leaf);
      for (Entry<?> existing : leaf.entries) {
        split = insert(split, existing, depth);
      }
      return insert(split, entry, depth);
    }
    Branch branch = (Branch) node;
    int quadrant = branch.quadrant(entry.latitude(), entry.longitude());
    Node child = branch.child(quadrant);
    Node updated = insert(child == null ? branch.emptyChild(quadrant) : child, entry, depth + 1);
    return branch.with(quadrant, updated, branch.size + 1);
  }

  /** The tree without {@code entry}, which it holds (found by identity along its position). */
  static Node delete(Node node, Entry<?> entry) {
    if (node instanceof Leaf leaf) {
      Entry<?>[] entries = new Entry<?>[leaf.entries.length - 1];
      int kept = 0;
      for (Entry<?> existing : leaf.entries) {
        if (existing != entry) {
          entries[kept++] = existing;
        }
      }
      return new Leaf(leaf.minLat, leaf.maxLat, leaf.minLon, leaf.maxLon, entries);
    }
    Branch branch = (Branch) node;
    int size = branch.size - 1;
    int quadrant = branch.quadrant(entry.latitude(), entry.longitude());
    Node child = delete(branch.child(quadrant), entry);
    Branch updated = branch.with(quadrant, child.size() == 0 ? null : child, size);
    if (size <= LEAF_CAPACITY / 2) {
      List<Entry<?>> all = new ArrayList<>(size);
      collect(updated, all);
      return new Leaf(
          branch.minLat, branch.maxLat, branch.minLon, branch.maxLon, all.toArray(NO_ENTRIES));
    }
    return updated;
  }

  /**
   * The same tree with every node and array freshly allocated in depth-first order, so that a
   * search, which reads nodes near each other, finds them near each other in memory (after a bulk
   * load by path copying they are scattered over the heap).
   */
  static Node compact(Node node) {
    if (node instanceof Leaf leaf) {
      return new Leaf(leaf.minLat, leaf.maxLat, leaf.minLon, leaf.maxLon, leaf.entries.clone());
    }
    Branch branch = (Branch) node;
    Node[] children = branch.children();
    for (int quadrant = 0; quadrant < 4; quadrant++) {
      if (children[quadrant] != null) {
        children[quadrant] = compact(children[quadrant]);
      }
    }
    return new Branch(
        branch,
        children,
        branch.size,
        new double[] {branch.cosSouth, branch.cosMiddle, branch.cosNorth});
  }

  private static void collect(Node node, List<Entry<?>> into) {
    if (node instanceof Leaf leaf) {
      into.addAll(Arrays.asList(leaf.entries));
    } else if (node instanceof Branch branch) {
      for (Node child : branch.children()) {
        collect(child, into);
      }
    }
  }
}
