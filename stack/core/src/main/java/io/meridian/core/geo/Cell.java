package io.meridian.core.geo;

import java.util.Arrays;

/**
 * One cell of {@link FenceIndex}'s grid, as two arrays of (value, shape) pairs: {@code inside} for
 * the {@code insideCount} fences that cover the whole cell (a point in the cell is inside them with
 * no test and no other memory read), {@code edge} for the {@code edgeCount} fences whose boundary
 * meets the cell (tested). Storing values and shapes here, not the index's entries, saves a
 * dependent memory read per fence on the hot path; the shapes of covering fences are kept for
 * moving them between levels. Each edge pair also has a mask over the cell's 4 × 4 sub-cells
 * ({@link FenceGrid#SUBCELLS}): bit {@code s} set when sub-cell {@code s} is all inside the fence,
 * bit {@code 16 + s} when it is all outside, neither when the boundary meets it. A point in a
 * decided sub-cell needs no test either; about three edge fences in four are decided so on
 * hexagons.
 *
 * <p>The content is a multiset: the same value (and shape) may appear twice if two fences share
 * them, and removing either occurrence leaves the same answers, which is why removal goes by
 * identity of the value (and shape) rather than by fence id.
 *
 * <p>Mutable only while {@link #owner} is the token of the {@link CellTable.Editor} that created
 * it, before it is published; read-only afterwards. Readers reach it only through a published table
 * (a volatile read), which makes the writes before publication visible.
 */
final class Cell {
  private static final Object[] NONE = new Object[0];

  final long key;
  Object owner;
  Object[] inside;
  int insideCount;
  Object[] edge;
  int[] edgeMasks;
  int edgeCount;

  Cell(long key, Object owner) {
    this(key, owner, NONE, 0, NONE, NO_MASKS, 0);
  }

  private static final int[] NO_MASKS = new int[0];

  private Cell(
      long key,
      Object owner,
      Object[] inside,
      int insideCount,
      Object[] edge,
      int[] edgeMasks,
      int edgeCount) {
    this.key = key;
    this.owner = owner;
    this.inside = inside;
    this.insideCount = insideCount;
    this.edge = edge;
    this.edgeMasks = edgeMasks;
    this.edgeCount = edgeCount;
  }

  /** A private copy for another edit. */
  Cell copy(Object newOwner) {
    return new Cell(
        key,
        newOwner,
        Arrays.copyOf(inside, 2 * insideCount),
        insideCount,
        Arrays.copyOf(edge, 2 * edgeCount),
        Arrays.copyOf(edgeMasks, edgeCount),
        edgeCount);
  }

  int size() {
    return insideCount + edgeCount;
  }

  /** Adds the fence: covering the cell, or meeting it with the given sub-cell mask. */
  void add(Object value, FenceShape shape, boolean covers, int mask) {
    if (covers) {
      inside = append(inside, insideCount++, value, shape);
    } else {
      if (edgeCount == edgeMasks.length) {
        edgeMasks = Arrays.copyOf(edgeMasks, edgeCount + (edgeCount >> 1) + 1);
      }
      edgeMasks[edgeCount] = mask;
      edge = append(edge, edgeCount++, value, shape);
    }
  }

  private static Object[] append(Object[] pairs, int count, Object value, FenceShape shape) {
    if (2 * count == pairs.length) {
      pairs = Arrays.copyOf(pairs, 2 * (count + (count >> 1) + 1));
    }
    pairs[2 * count] = value;
    pairs[2 * count + 1] = shape;
    return pairs;
  }

  /** Removes one occurrence of the fence, registered as covering or not. */
  void remove(Object value, FenceShape shape, boolean covers) {
    if (covers) {
      int i = find(inside, insideCount, value, shape);
      removePair(inside, insideCount--, i);
    } else {
      int i = find(edge, edgeCount, value, shape);
      edgeMasks[i / 2] = edgeMasks[edgeCount - 1];
      removePair(edge, edgeCount--, i);
    }
  }

  private int find(Object[] pairs, int count, Object value, FenceShape shape) {
    int i = indexOf(pairs, count, value, shape);
    if (i < 0) {
      throw new IllegalStateException("the fence is not in cell " + Long.toHexString(key));
    }
    return i;
  }

  /** Moves the last pair into position {@code i}. */
  private static void removePair(Object[] pairs, int count, int i) {
    int last = 2 * (count - 1);
    pairs[i] = pairs[last];
    pairs[i + 1] = pairs[last + 1];
    pairs[last] = null;
    pairs[last + 1] = null;
  }

  /** Whether the fence is registered here as one whose boundary meets the cell. */
  boolean hasEdgeOf(Object value, FenceShape shape) {
    return indexOf(edge, edgeCount, value, shape) >= 0;
  }

  private static int indexOf(Object[] pairs, int count, Object value, FenceShape shape) {
    for (int i = 0; i < 2 * count; i += 2) {
      if (pairs[i] == value && pairs[i + 1] == shape) {
        return i;
      }
    }
    return -1;
  }

  /** Drops spare capacity and the owner token once the edit is done. */
  void seal() {
    if (inside.length != 2 * insideCount) {
      inside = Arrays.copyOf(inside, 2 * insideCount);
    }
    if (edge.length != 2 * edgeCount) {
      edge = Arrays.copyOf(edge, 2 * edgeCount);
    }
    if (edgeMasks.length != edgeCount) {
      edgeMasks = Arrays.copyOf(edgeMasks, edgeCount);
    }
    owner = null;
  }
}
