package io.meridian.core.geo;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * The cells of {@link FenceIndex}'s grid, as a persistent hash table: immutable once published, and
 * edited by an {@link Editor} that copies only what it touches.
 *
 * <p>A cell key hashes to one of {@code 2^bits} buckets; a bucket holds nothing, one {@link Cell}
 * (most buckets: one memory read less per lookup) or a small {@code Cell[]} of colliding keys.
 * Buckets hang from a radix tree of 64-way nodes, so an edit copies the nodes on the paths to the
 * buckets it changes (a few hundred bytes each) instead of the whole table, and a lookup is {@code
 * ceil(bits / 6)} array loads. The table doubles its buckets twice over when it holds more cells
 * than buckets, and shrinks when it holds fewer than an eighth.
 *
 * <p>Invariant: a published table, its nodes, buckets and cells are never written again. An editor
 * writes in place only the arrays and cells it created itself (tracked by identity and by its owner
 * token), which no reader can reach until {@link Editor#finish()} is published.
 */
final class CellTable {
  private static final int NODE_BITS = 6;
  private static final int NODE_MASK = (1 << NODE_BITS) - 1;
  private static final int MIN_BITS = 6;

  static final CellTable EMPTY = new CellTable(new Object[1 << NODE_BITS], MIN_BITS, 0);

  private final Object[] root;
  private final int bits;
  private final int depth;
  private final int cells;

  private CellTable(Object[] root, int bits, int cells) {
    this.root = root;
    this.bits = bits;
    this.depth = (bits + NODE_BITS - 1) / NODE_BITS;
    this.cells = cells;
  }

  int cellCount() {
    return cells;
  }

  /** The cell with this key, or null. */
  Cell find(long key) {
    int index = bucketIndex(key, bits);
    Object[] node = root;
    for (int shift = (depth - 1) * NODE_BITS; shift > 0; shift -= NODE_BITS) {
      node = (Object[]) node[(index >>> shift) & NODE_MASK];
      if (node == null) {
        return null;
      }
    }
    Object bucket = node[index & NODE_MASK];
    if (bucket instanceof Cell cell) {
      return cell.key == key ? cell : null;
    }
    if (bucket != null) {
      for (Cell cell : (Cell[]) bucket) {
        if (cell.key == key) {
          return cell;
        }
      }
    }
    return null;
  }

  private static int bucketIndex(long key, int bits) {
    long h = key;
    h = (h ^ (h >>> 30)) * 0xbf58476d1ce4e5b9L;
    h = (h ^ (h >>> 27)) * 0x94d049bb133111ebL;
    h ^= h >>> 31;
    return (int) (h >>> (64 - bits));
  }

  private static final Cell[] NO_CELLS = new Cell[0];

  /** A bucket's cells as an array (a new one for a single cell). */
  private static Cell[] cellsOf(Object bucket) {
    if (bucket == null) {
      return NO_CELLS;
    }
    return bucket instanceof Cell cell ? new Cell[] {cell} : (Cell[]) bucket;
  }

  private static int indexOf(Cell[] bucket, long key) {
    for (int i = 0; i < bucket.length; i++) {
      if (bucket[i].key == key) {
        return i;
      }
    }
    return -1;
  }

  /** Starts an edit of this table; the table itself is not changed. */
  Editor edit() {
    return new Editor(this);
  }

  /**
   * One edit: {@link #writable} hands out cells it may change in place, {@link #finish} returns the
   * new table. Single-threaded, used once.
   */
  static final class Editor {
    private final Object token = new Object();
    private final Set<Object> owned = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<Cell> ownedCells = new ArrayList<>();
    private Object[] root;
    private int bits;
    private int depth;
    private int cells;

    private Editor(CellTable table) {
      this.root = table.root;
      this.bits = table.bits;
      this.depth = table.depth;
      this.cells = table.cells;
    }

    /** The cell with this key as edited so far, or null; not to be changed unless writable. */
    Cell find(long key) {
      return new CellTable(root, bits, cells).find(key);
    }

    /** The cell with this key, created if absent, that this edit may change in place. */
    Cell writable(long key) {
      int index = bucketIndex(key, bits);
      Object[] node = writablePath(index);
      Object slot = node[index & NODE_MASK];
      Cell[] bucket = cellsOf(slot);
      int position = indexOf(bucket, key);
      Cell cell;
      if (position >= 0 && bucket[position].owner == token) {
        return bucket[position];
      } else if (position >= 0) {
        cell = bucket[position].copy(token);
        if (bucket.length > 1 && !owned.contains(bucket)) {
          bucket = bucket.clone();
        }
        bucket[position] = cell;
        store(node, index, bucket);
      } else {
        cell = new Cell(key, token);
        append(node, index, cell);
        cells++;
      }
      ownedCells.add(cell);
      if (cells > (1L << bits)) {
        rehash(bits + 2); // keeps buckets short during a bulk edit too
      }
      return cell;
    }

    /** Stores a bucket in its normal form: nothing, one cell, or an array this edit owns. */
    private void store(Object[] node, int index, Cell[] bucket) {
      Object slot = node[index & NODE_MASK];
      if (slot instanceof Cell[] && slot != bucket) {
        owned.remove(slot);
      }
      if (bucket.length > 1) {
        owned.add(bucket);
      }
      node[index & NODE_MASK] = bucket.length == 0 ? null : bucket.length == 1 ? bucket[0] : bucket;
    }

    private void append(Object[] node, int index, Cell cell) {
      Cell[] bucket = cellsOf(node[index & NODE_MASK]);
      Cell[] longer = Arrays.copyOf(bucket, bucket.length + 1);
      longer[bucket.length] = cell;
      store(node, index, longer);
    }

    /** Unlinks a cell of this edit that no longer holds any fence. */
    void dropIfEmpty(Cell cell) {
      if (cell.size() > 0) {
        return;
      }
      int index = bucketIndex(cell.key, bits);
      Object[] node = writablePath(index);
      Cell[] bucket = cellsOf(node[index & NODE_MASK]);
      Cell[] rest = new Cell[bucket.length - 1];
      int kept = 0;
      for (Cell other : bucket) {
        if (other != cell) {
          rest[kept++] = other;
        }
      }
      store(node, index, rest);
      cells--;
    }

    /** The node holding the bucket, with every node on its path owned by this edit. */
    private Object[] writablePath(int index) {
      root = own(root);
      Object[] node = root;
      for (int shift = (depth - 1) * NODE_BITS; shift > 0; shift -= NODE_BITS) {
        int slot = (index >>> shift) & NODE_MASK;
        Object[] child = (Object[]) node[slot];
        child = child == null ? newNode() : own(child);
        node[slot] = child;
        node = child;
      }
      return node;
    }

    private Object[] own(Object[] node) {
      if (owned.contains(node)) {
        return node;
      }
      Object[] copy = node.clone();
      owned.add(copy);
      return copy;
    }

    private Object[] newNode() {
      Object[] node = new Object[1 << NODE_BITS];
      owned.add(node);
      return node;
    }

    /**
     * Moves every cell to a table of {@code 2^newBits} buckets, all of whose nodes and buckets this
     * edit owns. Cells are shared, not copied: keys and contents do not change.
     */
    private void rehash(int newBits) {
      CellTable old = new CellTable(root, bits, cells);
      owned.clear();
      bits = newBits;
      depth = (newBits + NODE_BITS - 1) / NODE_BITS;
      root = newNode();
      old.forEachCell(
          cell -> {
            int index = bucketIndex(cell.key, bits);
            append(writablePath(index), index, cell);
          });
    }

    /** The edited table, cells trimmed and buckets fewer if most cells went away. */
    CellTable finish() {
      for (Cell cell : ownedCells) {
        cell.seal();
      }
      int wanted = bits;
      while (wanted > MIN_BITS && cells < (1L << wanted) / 8) {
        wanted -= 2;
      }
      if (wanted != bits) {
        rehash(Math.max(MIN_BITS, wanted));
      }
      return new CellTable(root, bits, cells);
    }
  }

  interface CellVisitor {
    void visit(Cell cell);
  }

  void forEachCell(CellVisitor visitor) {
    forEachCell(root, depth, visitor);
  }

  private static void forEachCell(Object[] node, int levels, CellVisitor visitor) {
    for (Object child : node) {
      if (child == null) {
        continue;
      }
      if (levels > 1) {
        forEachCell((Object[]) child, levels - 1, visitor);
      } else {
        for (Cell cell : cellsOf(child)) {
          visitor.visit(cell);
        }
      }
    }
  }
}
