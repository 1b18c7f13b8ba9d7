// Applies the server's patch operations (see app/web/protocol.py) to a document.
// ["s", path, value] set, ["d", path] delete, ["a", path, items] append, ["t", path, n] truncate.

export class PatchError extends Error {}

export function applyPatch(doc, ops) {
  for (const op of ops) {
    const [kind, path] = op;
    if (kind === "a" || kind === "t") {
      let target = doc;
      for (const key of path) target = target[key];
      if (!Array.isArray(target)) throw new PatchError(`no list at ${JSON.stringify(path)}`);
      if (kind === "a") target.push(...op[2]);
      else target.length = Math.min(target.length, op[2]);
    } else if (kind === "s" || kind === "d") {
      if (path.length === 0) {
        if (kind === "d") throw new PatchError("the root cannot be deleted");
        doc = op[2];
        continue;
      }
      let parent = doc;
      for (const key of path.slice(0, -1)) {
        parent = parent[key];
        if (parent === null || typeof parent !== "object") throw new PatchError(`no object at ${JSON.stringify(path)}`);
      }
      const last = path[path.length - 1];
      if (kind === "s") parent[last] = op[2];
      else delete parent[last];
    } else {
      throw new PatchError(`unknown operation ${kind}`);
    }
  }
  return doc;
}
