/**
 * The tables SQL text names (issue 39): the text of the SQL written in a source file, read with the
 * TypeScript compiler (template literals tagged `sql`, and string or template arguments of `sql.raw`,
 * `execute`, `query` and `exec`), and the table names that follow FROM, JOIN, UPDATE, INTO and TABLE in
 * it, comma-separated FROM lists included. A `${...}` part is not text: a Drizzle table interpolated
 * there is an import, which lint checks (eslint/table-owners.js). Used by src/server/table-doors.test.ts.
 */
import ts from 'typescript';

/** The static parts of every SQL text in a file, each part on its own (an interpolation separates them). */
export const sqlTextsOf = (fileName: string, source: string): string[] => {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const templateParts = (node: ts.TemplateLiteral): string[] =>
    ts.isNoSubstitutionTemplateLiteral(node) ? [node.text] : [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && /(^|\.)sql$/.test(node.tag.getText(file))) texts.push(...templateParts(node.template));
    if (ts.isCallExpression(node) && /(^sql\.raw|\.(execute|query|exec))$/.test(node.expression.getText(file))) {
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first)) texts.push(first.text);
      else if (first && (ts.isNoSubstitutionTemplateLiteral(first) || ts.isTemplateExpression(first))) texts.push(...templateParts(first));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return texts;
};

/** SQL text without its comments and string literals (a word in them names no table). */
const code = (text: string) =>
  text
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");

const NAME = String.raw`(?:only\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?`;
const AFTER_KEYWORD = new RegExp(String.raw`\b(from|join|update|into|table)\s+${NAME}`, 'gi');
/** A further item of a FROM list: `, name` after `name [as] alias`. */
const LIST_ITEM = new RegExp(String.raw`^(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s*,\s*${NAME}`, 'i');

/** The names in table position in one SQL text (lower case; a function call's name is left out). */
export const tableNamesIn = (text: string): string[] => {
  const sql = code(text);
  const names: string[] = [];
  for (const match of sql.matchAll(AFTER_KEYWORD)) {
    let rest = sql.slice(match.index + match[0].length);
    // In FROM and JOIN, a name before a parenthesis is a function's (unnest(...)); after INTO, a table's.
    if (/^(from|join)$/i.test(match[1]!) && /^\s*\(/.test(rest)) continue;
    names.push(match[2]!.toLowerCase());
    for (let item = LIST_ITEM.exec(rest); item; item = LIST_ITEM.exec(rest)) {
      rest = rest.slice(item[0].length);
      if (/^\s*\(/.test(rest)) break;
      names.push(item[1]!.toLowerCase());
    }
  }
  return names;
};
