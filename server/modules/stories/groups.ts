/** Union–find over indexes, with path halving and union by size. */
export class Groups {
  private readonly parent: Int32Array;
  private readonly size: Int32Array;
  constructor(count: number) {
    this.parent = Int32Array.from({ length: count }, (_, i) => i);
    this.size = new Int32Array(count).fill(1);
  }
  find(i: number): number {
    let x = i;
    while (this.parent[x] !== x) {
      const grand = this.parent[this.parent[x] as number] as number;
      this.parent[x] = grand;
      x = grand;
    }
    return x;
  }
  union(a: number, b: number): void {
    let x = this.find(a);
    let y = this.find(b);
    if (x === y) return;
    if ((this.size[x] as number) < (this.size[y] as number)) [x, y] = [y, x];
    this.parent[y] = x;
    this.size[x] = (this.size[x] as number) + (this.size[y] as number);
  }
  /** The groups of two or more, each as sorted indexes, ordered by their first index. */
  groups(): number[][] {
    const byRoot = new Map<number, number[]>();
    for (let i = 0; i < this.parent.length; i++) {
      const root = this.find(i);
      const group = byRoot.get(root);
      if (group) group.push(i);
      else byRoot.set(root, [i]);
    }
    return [...byRoot.values()].filter((group) => group.length > 1);
  }
}

/** Connected groups (of two or more) of `count` items joined by `pairs`. */
export function groupsOf(count: number, pairs: Iterable<readonly [number, number]>): number[][] {
  const groups = new Groups(count);
  for (const [i, j] of pairs) groups.union(i, j);
  return groups.groups();
}
