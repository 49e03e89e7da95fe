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
 */
final class PointTree {
  static final int LEAF_CAPACITY = 32;
  static final int MAX_DEPTH = 32;

  private PointTree() {}

  /** One indexed point; immutable. */
  record Entry<T>(UUID id, long version, double latitude, double longitude, T value) {}

  abstract static sealed class Node permits Leaf, Branch {
    final double minLat;
    final double maxLat;
    final double minLon;
    final double maxLon;

    /** The smallest cosine over the node's latitudes, for distance lower bounds. */
    final double cosMinLat;

    Node(double minLat, double maxLat, double minLon, double maxLon) {
      this.minLat = minLat;
      this.maxLat = maxLat;
      this.minLon = minLon;
      this.maxLon = maxLon;
      this.cosMinLat =
          Math.max(0, Math.min(Math.cos(Math.toRadians(minLat)), Math.cos(Math.toRadians(maxLat))));
    }

    abstract int size();

    final int quadrant(double latitude, double longitude) {
      return (latitude >= (minLat + maxLat) / 2 ? 2 : 0)
          | (longitude >= (minLon + maxLon) / 2 ? 1 : 0);
    }

    final Leaf emptyChild(int quadrant) {
      double midLat = (minLat + maxLat) / 2;
      double midLon = (minLon + maxLon) / 2;
      boolean north = (quadrant & 2) != 0;
      boolean east = (quadrant & 1) != 0;
      return new Leaf(
          north ? midLat : minLat,
          north ? maxLat : midLat,
          east ? midLon : minLon,
          east ? maxLon : midLon,
          NO_ENTRIES);
    }
  }

  private static final Entry<?>[] NO_ENTRIES = new Entry<?>[0];

  static final class Leaf extends Node {
    final Entry<?>[] entries;

    Leaf(double minLat, double maxLat, double minLon, double maxLon, Entry<?>[] entries) {
      super(minLat, maxLat, minLon, maxLon);
      this.entries = entries;
    }

    @Override
    int size() {
      return entries.length;
    }
  }

  static final class Branch extends Node {
    final Node[] children;
    final int size;

    Branch(Node bounds, Node[] children, int size) {
      super(bounds.minLat, bounds.maxLat, bounds.minLon, bounds.maxLon);
      this.children = children;
      this.size = size;
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
      Node split = new Branch(leaf, new Node[4], 0);
      for (Entry<?> existing : leaf.entries) {
        split = insert(split, existing, depth);
      }
      return insert(split, entry, depth);
    }
    Branch branch = (Branch) node;
    int quadrant = branch.quadrant(entry.latitude(), entry.longitude());
    Node child = branch.children[quadrant];
    Node[] children = branch.children.clone();
    children[quadrant] =
        insert(child == null ? branch.emptyChild(quadrant) : child, entry, depth + 1);
    return new Branch(branch, children, branch.size + 1);
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
    Node child = delete(branch.children[quadrant], entry);
    Node[] children = branch.children.clone();
    children[quadrant] = child.size() == 0 ? null : child;
    if (size <= LEAF_CAPACITY / 2) {
      List<Entry<?>> all = new ArrayList<>(size);
      for (Node remaining : children) {
        collect(remaining, all);
      }
      return new Leaf(
          branch.minLat, branch.maxLat, branch.minLon, branch.maxLon, all.toArray(NO_ENTRIES));
    }
    return new Branch(branch, children, size);
  }

  private static void collect(Node node, List<Entry<?>> into) {
    if (node instanceof Leaf leaf) {
      into.addAll(Arrays.asList(leaf.entries));
    } else if (node instanceof Branch branch) {
      for (Node child : branch.children) {
        collect(child, into);
      }
    }
  }
}
