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
 * <p>A cell key hashes to one of {@code 2^bits} buckets; a bucket is a small {@code Cell[]} (the
 * cells whose keys collide). Buckets hang from a radix tree of 64-way nodes, so an edit copies the
 * nodes on the paths to the buckets it changes (a few hundred bytes each) instead of the whole
 * table, and a lookup is {@code ceil(bits / 6)} array loads. The table doubles its buckets twice
 * over when it holds more cells than buckets, and shrinks when it holds fewer than an eighth.
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
    Cell[] bucket = (Cell[]) node[index & NODE_MASK];
    if (bucket != null) {
      for (Cell cell : bucket) {
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

  private static int indexOf(Cell[] bucket, long key) {
    if (bucket != null) {
      for (int i = 0; i < bucket.length; i++) {
        if (bucket[i].key == key) {
          return i;
        }
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
    private final int bits;
    private final int depth;
    private int cells;

    private Editor(CellTable table) {
      this.root = table.root;
      this.bits = table.bits;
      this.depth = table.depth;
      this.cells = table.cells;
    }

    /** The cell with this key, created if absent, that this edit may change in place. */
    Cell writable(long key) {
      int index = bucketIndex(key, bits);
      Object[] node = writablePath(index);
      Cell[] bucket = (Cell[]) node[index & NODE_MASK];
      int position = indexOf(bucket, key);
      Cell cell;
      if (position >= 0 && bucket[position].owner == token) {
        return bucket[position];
      } else if (position >= 0) {
        cell = bucket[position].copy(token);
        if (!owned.contains(bucket)) {
          bucket = bucket.clone();
          owned.add(bucket);
        }
        bucket[position] = cell;
      } else {
        cell = new Cell(key, token);
        bucket = bucket == null ? new Cell[1] : Arrays.copyOf(bucket, bucket.length + 1);
        owned.add(bucket);
        bucket[bucket.length - 1] = cell;
        cells++;
      }
      node[index & NODE_MASK] = bucket;
      ownedCells.add(cell);
      return cell;
    }

    /** Unlinks a cell of this edit that no longer holds any fence. */
    void dropIfEmpty(Cell cell) {
      if (cell.size > 0) {
        return;
      }
      int index = bucketIndex(cell.key, bits);
      Object[] node = writablePath(index);
      Cell[] bucket = (Cell[]) node[index & NODE_MASK];
      Cell[] rest = new Cell[bucket.length - 1];
      int kept = 0;
      for (Cell other : bucket) {
        if (other != cell) {
          rest[kept++] = other;
        }
      }
      owned.add(rest);
      node[index & NODE_MASK] = rest.length == 0 ? null : rest;
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

    /** The edited table, cells trimmed and buckets resized if the load calls for it. */
    CellTable finish() {
      for (Cell cell : ownedCells) {
        cell.trim();
      }
      int wanted = bits;
      while (cells > (1L << wanted)) {
        wanted += 2;
      }
      while (wanted > MIN_BITS && cells < (1L << wanted) / 8) {
        wanted -= 2;
      }
      CellTable edited = new CellTable(root, bits, cells);
      return wanted == bits ? edited : rehash(edited, Math.max(MIN_BITS, wanted));
    }

    private static CellTable rehash(CellTable table, int bits) {
      Editor editor = new Editor(new CellTable(new Object[1 << NODE_BITS], bits, 0));
      table.forEachCell(editor::relink);
      return new CellTable(editor.root, bits, editor.cells);
    }

    /** Adds an existing cell (shared, not copied: its key and content do not change). */
    private void relink(Cell cell) {
      int index = bucketIndex(cell.key, bits);
      Object[] node = writablePath(index);
      Cell[] bucket = (Cell[]) node[index & NODE_MASK];
      bucket = bucket == null ? new Cell[1] : Arrays.copyOf(bucket, bucket.length + 1);
      bucket[bucket.length - 1] = cell;
      node[index & NODE_MASK] = bucket;
      cells++;
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
        for (Cell cell : (Cell[]) child) {
          visitor.visit(cell);
        }
      }
    }
  }
}
