/**
 * Web module boundaries (decision 040): a feature imports its own files, src/web/ui, src/web/shared,
 * src/web/api, src/web/config and src/domain; ui and shared never import features or routes; api
 * imports only the domain. Routes compose features. `allowed` lists the known exceptions, each one
 * feature file importing one other feature's file: a new crossing fails lint.
 */
import path from 'node:path';

const WEB = `src${path.sep}web${path.sep}`;

/** What each area of src/web may import, besides itself and src/domain. */
const MAY_IMPORT = {
  features: ['ui', 'shared', 'api', 'config'],
  ui: ['shared', 'api', 'config'],
  shared: ['ui', 'api', 'config'],
  api: [],
  config: [],
  routes: ['features', 'ui', 'shared', 'api', 'config'],
};

/** `{ area, feature, rel }` of a file under src/web, or null outside it. */
const placeOf = (file, cwd) => {
  const rel = path.relative(cwd, file);
  if (!rel.startsWith(WEB)) return null;
  const [area, feature] = rel.slice(WEB.length).split(path.sep);
  return { area, feature: area === 'features' ? feature : undefined, rel: rel.split(path.sep).join('/') };
};

export const webBoundaries = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { allowed: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      crossFeature:
        'Feature "{{from}}" imports another feature\'s file ({{target}}): move what both need to src/web/ui or src/web/shared, or compose them in a route (decision 040).',
      layer: 'src/web/{{from}} may not import src/web/{{to}} ({{target}}) (decision 040).',
    },
  },
  create(context) {
    const cwd = context.cwd;
    const here = placeOf(context.filename, cwd);
    if (!here || !(here.area in MAY_IMPORT)) return {};
    const allowed = new Set(context.options[0]?.allowed ?? []);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = placeOf(path.resolve(path.dirname(context.filename), source), cwd);
      if (!target) return;
      const targetRel = target.rel.replace(/\.(tsx?|js)$/, '');
      if (here.area === 'features' && target.area === 'features') {
        if (target.feature === here.feature) return;
        if (allowed.has(`${here.rel.replace(/\.(tsx?)$/, '')} -> ${targetRel}`)) return;
        context.report({ node, messageId: 'crossFeature', data: { from: here.feature, target: targetRel } });
        return;
      }
      if (target.area === here.area || MAY_IMPORT[here.area].includes(target.area)) return;
      context.report({ node, messageId: 'layer', data: { from: here.area, to: target.area, target: targetRel } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
