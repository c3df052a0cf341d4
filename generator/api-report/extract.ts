import path from "node:path";
import type { Node as MorphNode, Project, ts as TypeScript } from "ts-morph";
import type { EntryPoint } from "./entry-points.js";

/** One declaration of an entry point's report, as a consumer sees it: its normalized TypeScript text. */
export interface ReportedDeclaration {
  /** The name a consumer imports it by; for a declaration reached but not exported, its own name. */
  name: string;
  /** Where it is declared, relative to the build: `runtime/middleware/express.d.ts`. */
  file: string;
  /** The declaration (all its overloads and merged parts), comments left out, `import("…").X` written `X`. */
  text: string;
}

/** What an entry point's report holds: its exports, and the declarations they reach that it does not export. */
export interface EntryPointApi {
  entryPoint: EntryPoint;
  exported: ReportedDeclaration[];
  /** Types the exports are written with that the entry point does not export: consumers meet them all the same. */
  reached: ReportedDeclaration[];
}

type Ts = typeof TypeScript;

/**
 * Reads each entry point's declaration file from a build of the package's declarations (`build`, the folder that
 * stands for `dist/`; `builtPath` maps an entry point's `types` into it) with ts-morph: every export, resolved through `export *` and `export { … } from`, printed as a normalized declaration;
 * then, transitively, every declaration of the build those texts name that the entry point does not export. Types of
 * other packages (`node:http`, `redis`) are named, not followed.
 */
export async function extractApi(
  build: string,
  entryPoints: EntryPoint[],
  builtPath: (types: string) => string,
): Promise<EntryPointApi[]> {
  const { Project, Node, ts } = await import("ts-morph");
  const project: Project = new Project({
    compilerOptions: {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2023,
      lib: ["lib.es2023.d.ts"],
      types: ["node"],
      skipLibCheck: true,
      strict: true,
    },
  });
  const dist = path.resolve(build);
  const inBuild = (node: MorphNode) => {
    const file = node.getSourceFile().getFilePath();
    return file.startsWith(`${dist}${path.sep}`) || file.startsWith(`${dist}/`);
  };
  const relative = (node: MorphNode) =>
    path.relative(dist, node.getSourceFile().getFilePath()).split(path.sep).join("/");
  const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });

  return entryPoints.map((entryPoint) => {
    const source = project.addSourceFileAtPath(builtPath(entryPoint.types));
    const exportedNodes = new Set<MorphNode>();
    const exported: ReportedDeclaration[] = [];
    const pending: MorphNode[] = [];
    for (const [name, declarations] of source.getExportedDeclarations()) {
      const parts = declarations.filter((node) => !Node.isSourceFile(node));
      if (parts.length === 0) continue;
      for (const part of parts) exportedNodes.add(part);
      exported.push({
        name,
        file: relative(parts[0] as MorphNode),
        text:
          name === "default"
            ? printDefault(ts, printer, Node, parts)
            : parts.map((part) => printDeclaration(ts, printer, part, name, true)).join("\n"),
      });
      pending.push(...parts);
    }
    // The declarations of the build the exports are written with, followed until none is new.
    const reachedNodes = new Map<MorphNode, string>();
    while (pending.length > 0) {
      const node = pending.pop() as MorphNode;
      for (const target of referencedDeclarations(Node, node)) {
        if (exportedNodes.has(target) || reachedNodes.has(target) || !inBuild(target)) continue;
        const name = declarationName(Node, target);
        if (name === undefined) continue;
        reachedNodes.set(target, name);
        pending.push(target);
      }
    }
    const byKey = new Map<string, MorphNode[]>();
    for (const [node, name] of reachedNodes) {
      const key = `${name}\u0000${relative(node)}`;
      byKey.set(key, [...(byKey.get(key) ?? []), node]);
    }
    const reached = [...byKey.values()].map((parts) => {
      const first = parts[0] as MorphNode;
      parts.sort((a, b) => a.getStart() - b.getStart());
      const name = reachedNodes.get(first) as string;
      return {
        name,
        file: relative(first),
        text: parts.map((part) => printDeclaration(ts, printer, part, name, false)).join("\n"),
      };
    });
    const byName = (a: ReportedDeclaration, b: ReportedDeclaration) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
    return { entryPoint, exported: exported.sort(byName), reached: reached.sort(byName) };
  });
}

/**
 * The default export: its declaration under its own name (`default` is no name a declaration can have), then
 * `export default <name>;` as a declaration file writes it.
 */
function printDefault(
  ts: Ts,
  printer: TypeScript.Printer,
  Node: typeof import("ts-morph").Node,
  parts: MorphNode[],
): string {
  const own = declarationName(Node, parts[0] as MorphNode) ?? "_default";
  const declarations = parts.map((part) => printDeclaration(ts, printer, part, own, false));
  return [...declarations, `export default ${own};`].join("\n");
}

/** The name a declaration statement declares, or undefined for what is not one (a type parameter, a parameter). */
function declarationName(Node: typeof import("ts-morph").Node, node: MorphNode): string | undefined {
  if (
    Node.isInterfaceDeclaration(node) ||
    Node.isTypeAliasDeclaration(node) ||
    Node.isClassDeclaration(node) ||
    Node.isFunctionDeclaration(node) ||
    Node.isEnumDeclaration(node) ||
    Node.isVariableDeclaration(node) ||
    Node.isModuleDeclaration(node)
  )
    return node.getName();
  return undefined;
}

/** The declarations the type references, heritage clauses and `typeof` queries inside `node` resolve to. */
function referencedDeclarations(Node: typeof import("ts-morph").Node, node: MorphNode): MorphNode[] {
  const found: MorphNode[] = [];
  node.forEachDescendant((child) => {
    let name: MorphNode | undefined;
    if (Node.isTypeReference(child)) name = child.getTypeName();
    else if (Node.isExpressionWithTypeArguments(child)) name = child.getExpression();
    else if (Node.isTypeQuery(child)) name = child.getExprName();
    else if (Node.isImportTypeNode(child)) name = child.getQualifier();
    if (name === undefined) return;
    const last = Node.isQualifiedName(name)
      ? name.getRight()
      : Node.isPropertyAccessExpression(name)
        ? name.getNameNode()
        : name;
    let symbol = last.getSymbol();
    if (symbol?.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
    for (const declaration of symbol?.getDeclarations() ?? []) {
      // A name declared inside the declaration itself (a type parameter, a mapped type's key) is not a reference.
      if (declaration === node || declaration.getAncestors().includes(node)) continue;
      found.push(declaration);
    }
  });
  return found;
}

/**
 * A declaration as the report writes it: comments left out, `export` and `declare` written the same way for every
 * declaration, `import("…").X` written `X` (the name a reader knows it by), private members of classes left out (a
 * consumer cannot use them), and the name a consumer imports it by.
 */
function printDeclaration(
  ts: Ts,
  printer: TypeScript.Printer,
  part: MorphNode,
  name: string,
  exported: boolean,
): string {
  const node = part.compilerNode;
  const file = node.getSourceFile();
  const factory = ts.factory;
  let statement: TypeScript.Node = node;
  if (ts.isVariableDeclaration(node)) {
    const list = node.parent as TypeScript.VariableDeclarationList;
    statement = factory.createVariableStatement(
      undefined,
      factory.createVariableDeclarationList([node], list.flags & (ts.NodeFlags.Const | ts.NodeFlags.Let)),
    );
  }
  const modifiers = (kind: TypeScript.SyntaxKind, current: readonly TypeScript.ModifierLike[] | undefined) => {
    const kept = (current ?? []).filter(
      (modifier) =>
        modifier.kind !== ts.SyntaxKind.ExportKeyword &&
        modifier.kind !== ts.SyntaxKind.DefaultKeyword &&
        modifier.kind !== ts.SyntaxKind.DeclareKeyword,
    );
    const declares =
      kind !== ts.SyntaxKind.InterfaceDeclaration && kind !== ts.SyntaxKind.TypeAliasDeclaration
        ? [factory.createModifier(ts.SyntaxKind.DeclareKeyword)]
        : [];
    return [...(exported ? [factory.createModifier(ts.SyntaxKind.ExportKeyword)] : []), ...declares, ...kept];
  };
  const transform: TypeScript.TransformerFactory<TypeScript.Node> = (context) => {
    const visit = (current: TypeScript.Node): TypeScript.Node | undefined => {
      if (ts.isImportTypeNode(current) && current.qualifier !== undefined) {
        const typeArguments = current.typeArguments?.map(
          (argument) => ts.visitNode(argument, visit) as TypeScript.TypeNode,
        );
        return current.isTypeOf
          ? factory.createTypeQueryNode(current.qualifier, typeArguments)
          : factory.createTypeReferenceNode(current.qualifier, typeArguments);
      }
      if (
        (ts.isPropertyDeclaration(current) ||
          ts.isMethodDeclaration(current) ||
          ts.isGetAccessorDeclaration(current) ||
          ts.isSetAccessorDeclaration(current)) &&
        (ts.isPrivateIdentifier(current.name) ||
          (ts.getCombinedModifierFlags(current as TypeScript.Declaration) & ts.ModifierFlags.Private) !== 0)
      )
        return undefined;
      return ts.visitEachChild(current, visit, context);
    };
    return (root) => ts.visitEachChild(root, visit, context);
  };
  const [transformed] = ts.transform(statement, [transform]).transformed as [TypeScript.Node];
  const renamed = withModifiersAndName(ts, transformed, modifiers, name);
  return printer.printNode(ts.EmitHint.Unspecified, renamed, file);
}

/** The statement with the report's modifiers, and named `name` (an export under another name is reported by it). */
function withModifiersAndName(
  ts: Ts,
  node: TypeScript.Node,
  modifiers: (
    kind: TypeScript.SyntaxKind,
    current: readonly TypeScript.ModifierLike[] | undefined,
  ) => TypeScript.ModifierLike[],
  name: string,
): TypeScript.Node {
  const f = ts.factory;
  const id = (current: TypeScript.Identifier | undefined) =>
    current === undefined || current.text === name ? current : f.createIdentifier(name);
  if (ts.isFunctionDeclaration(node))
    return f.updateFunctionDeclaration(
      node,
      modifiers(node.kind, node.modifiers),
      node.asteriskToken,
      id(node.name),
      node.typeParameters,
      node.parameters,
      node.type,
      undefined,
    );
  if (ts.isClassDeclaration(node))
    return f.updateClassDeclaration(
      node,
      modifiers(node.kind, node.modifiers),
      id(node.name),
      node.typeParameters,
      node.heritageClauses,
      node.members,
    );
  if (ts.isInterfaceDeclaration(node))
    return f.updateInterfaceDeclaration(
      node,
      modifiers(node.kind, node.modifiers),
      id(node.name) as TypeScript.Identifier,
      node.typeParameters,
      node.heritageClauses,
      node.members,
    );
  if (ts.isTypeAliasDeclaration(node))
    return f.updateTypeAliasDeclaration(
      node,
      modifiers(node.kind, node.modifiers),
      id(node.name) as TypeScript.Identifier,
      node.typeParameters,
      node.type,
    );
  if (ts.isEnumDeclaration(node))
    return f.updateEnumDeclaration(
      node,
      modifiers(node.kind, node.modifiers),
      id(node.name) as TypeScript.Identifier,
      node.members,
    );
  if (ts.isVariableStatement(node)) {
    const declarations = node.declarationList.declarations.map((declaration) =>
      f.updateVariableDeclaration(
        declaration,
        ts.isIdentifier(declaration.name) ? (id(declaration.name) as TypeScript.Identifier) : declaration.name,
        declaration.exclamationToken,
        declaration.type,
        declaration.initializer,
      ),
    );
    return f.updateVariableStatement(
      node,
      modifiers(node.kind, node.modifiers),
      f.updateVariableDeclarationList(node.declarationList, declarations),
    );
  }
  if (ts.isModuleDeclaration(node))
    return f.updateModuleDeclaration(node, modifiers(node.kind, node.modifiers), node.name, node.body);
  return node;
}
