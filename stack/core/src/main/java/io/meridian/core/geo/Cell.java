package io.meridian.core.geo;

import java.util.Arrays;

/**
 * One cell of {@link FenceIndex}'s grid: the fences registered in it, those that cover the whole
 * cell first ({@code fences[0, covering)}: a point in the cell is inside them with no test), then
 * those whose boundary passes through the cell ({@code fences[covering, size)}: tested).
 *
 * <p>Mutable only while {@link #owner} is the token of the {@link CellTable.Editor} that created
 * it, that is before it is published; read-only afterwards. Readers reach it only through a
 * published table (a volatile read), which makes the writes before publication visible.
 */
final class Cell {
  final long key;
  final Object owner;
  Object[] fences;
  int size;
  int covering;

  Cell(long key, Object owner) {
    this(key, owner, new Object[2], 0, 0);
  }

  private Cell(long key, Object owner, Object[] fences, int size, int covering) {
    this.key = key;
    this.owner = owner;
    this.fences = fences;
    this.size = size;
    this.covering = covering;
  }

  /** A private copy for another edit, with room for one more fence. */
  Cell copy(Object newOwner) {
    return new Cell(key, newOwner, Arrays.copyOf(fences, size + 1), size, covering);
  }

  void add(Object fence, boolean covers) {
    if (size == fences.length) {
      fences = Arrays.copyOf(fences, size + (size >> 1) + 2);
    }
    if (covers) {
      fences[size] = fences[covering];
      fences[covering++] = fence;
    } else {
      fences[size] = fence;
    }
    size++;
  }

  /** Removes the fence (by identity); keeps the covering fences first. */
  void remove(Object fence) {
    int i = 0;
    while (i < size && fences[i] != fence) {
      i++;
    }
    if (i == size) {
      throw new IllegalStateException("the fence is not in cell " + Long.toHexString(key));
    }
    if (i < covering) {
      covering--;
      fences[i] = fences[covering];
      fences[covering] = fences[size - 1];
    } else {
      fences[i] = fences[size - 1];
    }
    fences[--size] = null;
  }

  /** Drops spare capacity left by a bulk edit (more than an eighth). */
  void trim() {
    if (fences.length > size + (size >> 3) + 2) {
      fences = Arrays.copyOf(fences, size);
    }
  }
}
