import { ts } from "ts-morph";

/**
 * A declaration of a report, read into the parts the rules compare (generator/api-report/compare.ts). Read from the
 * report's text alone (syntax, no type checker): the ref's report and today's are read the same way.
 */
export interface Declaration {
  name: string;
  file: string;
  exported: boolean;
  /** What it declares, in order: `function`, `class`, `interface`, `type`, `const`, `let`, `enum`, `namespace`. */
  kinds: DeclarationKind[];
  /** Whether it is a class that extends `Error` or a class of the report that does (`instanceof` targets). */
  errorClass: boolean;
  /** The type parameters as written: `<T extends string = string>`, or "". */
  typeParameters: string;
  /** The types it extends or implements. */
  bases: string[];
  /** What a consumer gets: a function's overloads, an interface's or class's members, a type alias's or constant's type. */
  shape: TypeShape;
  /** A class's constructor overloads (`new X(...)`). */
  constructors: Signature[];
  /** The declaration as written, whitespace folded. */
  text: string;
  /** The declaration with the order of members and union constituents left out: two equal ones declare the same. */
  canonical: () => string;
}

export type DeclarationKind = "function" | "class" | "interface" | "type" | "const" | "let" | "enum" | "namespace";

/** A type as the rules read it: a function type (its signatures), an object type (its members), or any other type. */
export type TypeShape =
  | { form: "function"; signatures: Signature[] }
  | { form: "object"; members: Map<string, Member> }
  | { form: "other"; text: string; constituents: string[]; references: Reference[] };

/**
 * A name of a declaration that a type is written with, and whether it sits in a parameter of a function type inside
 * it (an odd number of times): a value of it then travels the other way.
 */
export interface Reference {
  name: string;
  flipped: boolean;
}

export interface Signature {
  typeParameters: string;
  parameters: Parameter[];
  returns: TypeShape;
  /** The signature as written (whitespace folded): overloads are matched by it. */
  text: string;
}

export interface Parameter {
  name: string;
  type: TypeShape;
  optional: boolean;
  rest: boolean;
}

export interface Member {
  /** `port`, `static create`, `[key: string]`, `()` (a call signature), `new ()` (a construct signature). */
  name: string;
  kind: "property" | "method";
  optional: boolean;
  readonly: boolean;
  /** A property's type. */
  type: TypeShape;
  /** A method's overloads. */
  signatures: Signature[];
}

const fold = (text: string) => text.replace(/\s+/g, " ").trim();

/** The type of an absent annotation: TypeScript reads it as `any`. */
const ANY: TypeShape = { form: "other", text: "any", constituents: ["any"], references: [] };

/** The names a type node refers to (`Types.Message` by `Message`), with the side of the function types they are on. */
function referencesIn(node: ts.Node, flipped = false, found: Reference[] = []): Reference[] {
  const rightmost = (name: ts.EntityName | ts.Expression): string =>
    ts.isQualifiedName(name)
      ? name.right.text
      : ts.isPropertyAccessExpression(name)
        ? name.name.text
        : ts.isIdentifier(name)
          ? name.text
          : "";
  if (ts.isTypeReferenceNode(node)) found.push({ name: rightmost(node.typeName), flipped });
  else if (ts.isTypeQueryNode(node)) found.push({ name: rightmost(node.exprName), flipped });
  else if (ts.isExpressionWithTypeArguments(node)) found.push({ name: rightmost(node.expression), flipped });
  if (
    ts.isFunctionTypeNode(node) ||
    ts.isConstructorTypeNode(node) ||
    ts.isMethodSignature(node) ||
    ts.isCallSignatureDeclaration(node) ||
    ts.isConstructSignatureDeclaration(node)
  ) {
    for (const parameter of node.parameters) referencesIn(parameter, !flipped, found);
    if (node.type !== undefined) referencesIn(node.type, flipped, found);
    return found;
  }
  ts.forEachChild(node, (child) => void referencesIn(child, flipped, found));
  return found;
}

function typeShape(node: ts.TypeNode | undefined, source: ts.SourceFile): TypeShape {
  if (node === undefined) return ANY;
  if (ts.isParenthesizedTypeNode(node)) return typeShape(node.type, source);
  if (ts.isFunctionTypeNode(node)) return { form: "function", signatures: [signature(node, source)] };
  if (ts.isTypeLiteralNode(node)) return { form: "object", members: members(node.members, source) };
  const text = fold(node.getText(source));
  const constituents = ts.isUnionTypeNode(node)
    ? node.types.flatMap((type) => {
        const shape = typeShape(type, source);
        return shape.form === "other" ? shape.constituents : [fold(type.getText(source))];
      })
    : [text];
  return { form: "other", text, constituents, references: referencesIn(node) };
}

function signature(node: ts.SignatureDeclarationBase, source: ts.SourceFile): Signature {
  return {
    typeParameters: typeParametersOf(node.typeParameters, source),
    parameters: node.parameters.map((parameter) => ({
      name: parameter.name.getText(source),
      type: typeShape(parameter.type, source),
      optional: parameter.questionToken !== undefined || parameter.initializer !== undefined,
      rest: parameter.dotDotDotToken !== undefined,
    })),
    returns: typeShape(node.type, source),
    text: fold(
      `${typeParametersOf(node.typeParameters, source)}(${node.parameters.map((p) => p.getText(source)).join(", ")}): ${node.type?.getText(source) ?? "any"}`,
    ),
  };
}

const typeParametersOf = (parameters: ts.NodeArray<ts.TypeParameterDeclaration> | undefined, source: ts.SourceFile) =>
  parameters === undefined ? "" : fold(`<${parameters.map((p) => p.getText(source)).join(", ")}>`);

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  (ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : []).some((modifier) => modifier.kind === kind);

function memberName(node: ts.TypeElement | ts.ClassElement, source: ts.SourceFile): string {
  const prefix = hasModifier(node, ts.SyntaxKind.StaticKeyword) ? "static " : "";
  if (ts.isIndexSignatureDeclaration(node))
    return `${prefix}[${fold(node.parameters.map((p) => p.getText(source)).join(", "))}]`;
  if (ts.isCallSignatureDeclaration(node)) return "()";
  if (ts.isConstructSignatureDeclaration(node)) return "new ()";
  const name = node.name;
  if (name === undefined) return `${prefix}?`;
  return (
    prefix +
    (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : name.getText(source))
  );
}

function members(nodes: readonly (ts.TypeElement | ts.ClassElement)[], source: ts.SourceFile): Map<string, Member> {
  const found = new Map<string, Member>();
  for (const node of nodes) {
    if (ts.isConstructorDeclaration(node) || ts.isClassStaticBlockDeclaration(node) || ts.isSemicolonClassElement(node))
      continue;
    const name = memberName(node, source);
    const optional = "questionToken" in node && node.questionToken !== undefined;
    if (
      ts.isMethodSignature(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isCallSignatureDeclaration(node) ||
      ts.isConstructSignatureDeclaration(node)
    ) {
      const existing = found.get(name);
      const signatures = [...(existing?.signatures ?? []), signature(node, source)];
      found.set(name, { name, kind: "method", optional, readonly: false, type: ANY, signatures });
    } else if (ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) {
      const existing = found.get(name);
      const getter = ts.isGetAccessorDeclaration(node);
      const type = getter ? typeShape(node.type, source) : typeShape(node.parameters[0]?.type, source);
      // A getter alone is read-only; with its setter, an ordinary property.
      found.set(name, {
        name,
        kind: "property",
        optional: false,
        readonly: existing === undefined ? getter : false,
        type: existing !== undefined && !getter ? existing.type : type,
        signatures: [],
      });
    } else if (ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isIndexSignatureDeclaration(node)) {
      found.set(name, {
        name,
        kind: "property",
        optional,
        readonly: hasModifier(node, ts.SyntaxKind.ReadonlyKeyword),
        type: typeShape(node.type, source),
        signatures: [],
      });
    }
  }
  return found;
}

/**
 * The text with members of object types, classes and interfaces and the constituents of unions sorted: the same
 * declaration written in another order reads the same.
 */
function canonicalText(statements: readonly ts.Statement[], source: ts.SourceFile): string {
  const printer = ts.createPrinter({ removeComments: true });
  const sortBy = <T extends ts.Node>(nodes: readonly T[]) =>
    [...nodes].sort((a, b) => {
      const [x, y] = [
        printer.printNode(ts.EmitHint.Unspecified, a, source),
        printer.printNode(ts.EmitHint.Unspecified, b, source),
      ];
      return x < y ? -1 : x > y ? 1 : 0;
    });
  const transform: ts.TransformerFactory<ts.Node> = (context) => {
    const visit = (node: ts.Node): ts.Node => {
      const visited = ts.visitEachChild(node, visit, context);
      const f = context.factory;
      if (ts.isTypeLiteralNode(visited))
        return f.updateTypeLiteralNode(visited, f.createNodeArray(sortBy(visited.members)));
      if (ts.isUnionTypeNode(visited)) return f.updateUnionTypeNode(visited, f.createNodeArray(sortBy(visited.types)));
      if (ts.isInterfaceDeclaration(visited))
        return f.updateInterfaceDeclaration(
          visited,
          visited.modifiers,
          visited.name,
          visited.typeParameters,
          visited.heritageClauses,
          sortBy(visited.members),
        );
      if (ts.isClassDeclaration(visited))
        return f.updateClassDeclaration(
          visited,
          visited.modifiers,
          visited.name,
          visited.typeParameters,
          visited.heritageClauses,
          sortBy(visited.members),
        );
      return visited;
    };
    return (node) => visit(node);
  };
  return statements
    .map((statement) => {
      const [result] = ts.transform(statement, [transform]).transformed as [ts.Node];
      return fold(printer.printNode(ts.EmitHint.Unspecified, result, source));
    })
    .join("\n");
}

/** Reads one declaration of a report (all its parts: overloads, merged declarations) from its text. */
export function readDeclaration(input: { name: string; file: string; exported: boolean; text: string }): Declaration {
  const source = ts.createSourceFile(`${input.name}.d.ts`, input.text, ts.ScriptTarget.Latest, true);
  const kinds: DeclarationKind[] = [];
  const signatures: Signature[] = [];
  const constructors: Signature[] = [];
  let objectMembers: Map<string, Member> | undefined;
  let other: TypeShape | undefined;
  let typeParameters = "";
  const bases: string[] = [];
  const note = (kind: DeclarationKind) => {
    if (!kinds.includes(kind)) kinds.push(kind);
  };
  const addMembers = (found: Map<string, Member>) => {
    objectMembers ??= new Map();
    for (const [name, member] of found) objectMembers.set(name, member);
  };
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement)) {
      note("function");
      signatures.push(signature(statement, source));
    } else if (ts.isInterfaceDeclaration(statement) || ts.isClassDeclaration(statement)) {
      note(ts.isInterfaceDeclaration(statement) ? "interface" : "class");
      typeParameters ||= typeParametersOf(statement.typeParameters, source);
      for (const clause of statement.heritageClauses ?? [])
        for (const type of clause.types) bases.push(fold(type.getText(source)));
      addMembers(members(statement.members, source));
      if (ts.isClassDeclaration(statement))
        for (const member of statement.members)
          if (ts.isConstructorDeclaration(member)) constructors.push(signature(member, source));
    } else if (ts.isTypeAliasDeclaration(statement)) {
      note("type");
      typeParameters ||= typeParametersOf(statement.typeParameters, source);
      const shape = typeShape(statement.type, source);
      if (shape.form === "object") addMembers(shape.members);
      else if (shape.form === "function") signatures.push(...shape.signatures);
      else other = shape;
    } else if (ts.isVariableStatement(statement)) {
      note(statement.declarationList.flags & ts.NodeFlags.Const ? "const" : "let");
      for (const declaration of statement.declarationList.declarations) {
        const shape = declaration.type
          ? typeShape(declaration.type, source)
          : declaration.initializer
            ? ({
                form: "other",
                text: fold(declaration.initializer.getText(source)),
                constituents: [fold(declaration.initializer.getText(source))],
                references: [],
              } as TypeShape)
            : ANY;
        if (shape.form === "object") addMembers(shape.members);
        else if (shape.form === "function") signatures.push(...shape.signatures);
        else other = shape;
      }
    } else if (ts.isEnumDeclaration(statement)) {
      note("enum");
      const text = fold(statement.getText(source));
      other = { form: "other", text, constituents: [text], references: [] };
    } else if (ts.isModuleDeclaration(statement)) {
      note("namespace");
    }
  }
  // A class without its own constructor is built with no arguments (or its base's, which the report shows apart).
  if (kinds.includes("class") && constructors.length === 0)
    constructors.push({ typeParameters: "", parameters: [], returns: ANY, text: "()" });
  const shape: TypeShape =
    signatures.length > 0
      ? { form: "function", signatures }
      : objectMembers !== undefined
        ? { form: "object", members: objectMembers }
        : (other ?? ANY);
  return {
    name: input.name,
    file: input.file,
    exported: input.exported,
    kinds,
    errorClass: false,
    typeParameters,
    bases,
    shape,
    constructors,
    text: fold(input.text),
    canonical: () => canonicalText(source.statements, source),
  };
}

/**
 * Marks the error classes of a report's declarations: a class whose base is `Error` (or another error class), in
 * the report or named so (`extends TypeError`).
 */
export function markErrorClasses(declarations: Declaration[]): void {
  const byName = new Map(declarations.map((declaration) => [declaration.name, declaration]));
  const isError = (declaration: Declaration, seen: Set<Declaration>): boolean => {
    if (!declaration.kinds.includes("class") || seen.has(declaration)) return false;
    seen.add(declaration);
    return declaration.bases.some((base) => {
      const name = base.replace(/<.*$/s, "");
      const known = byName.get(name);
      return known === undefined ? /(^|\.)([A-Z]\w*)?Error$/.test(name) : isError(known, seen);
    });
  };
  for (const declaration of declarations) declaration.errorClass = isError(declaration, new Set());
}
