package dev.docask.index;

import dev.docask.index.internal.CopyGroups;

import java.io.IOException;
import java.util.BitSet;

/** The local index's groups of copies, from each chunk's canonical ordinal as chunks.jsonl stores it. */
final class CopyTable implements CopyGroups {
    private final int[] copyOf;
    private final int[][] copies;
    private final BitSet canonical;

    /** {@code copyOfOrSelf[i]} is chunk i's canonical copy, or a negative number when it is its own. */
    CopyTable(int[] copyOfOrSelf) throws IOException {
        int n = copyOfOrSelf.length;
        copyOf = new int[n];
        canonical = new BitSet(n);
        int[] copyCount = new int[n];
        for (int i = 0; i < n; i++) {
            copyOf[i] = copyOfOrSelf[i] < 0 ? i : copyOfOrSelf[i];
            if (copyOf[i] < 0 || copyOf[i] >= n) {
                throw new IOException("chunk " + i + " names a copy outside the index");
            }
            if (copyOf[i] == i) {
                canonical.set(i);
            } else {
                copyCount[copyOf[i]]++;
            }
        }
        copies = new int[n][];
        int[] none = new int[0];
        for (int i = 0; i < n; i++) {
            copies[i] = copyCount[i] == 0 ? none : new int[copyCount[i]];
        }
        int[] fill = new int[n];
        for (int i = 0; i < n; i++) {
            if (copyOf[i] != i) {
                copies[copyOf[i]][fill[copyOf[i]]++] = i;
            }
        }
    }

    @Override
    public int canonicalOf(int id) {
        return copyOf[id];
    }

    @Override
    public int[] group(int id) {
        int c = copyOf[id];
        int[] group = new int[copies[c].length + 1];
        group[0] = c;
        System.arraycopy(copies[c], 0, group, 1, copies[c].length);
        return group;
    }

    /** A fresh set of the canonical chunks. */
    BitSet canonical() {
        return (BitSet) canonical.clone();
    }
}
