import path from 'node:path';

/**
 * The feature a path belongs to: the first folder under `featuresDir`. Undefined outside
 * `featuresDir`; null for `featuresDir` itself and the files directly in it.
 */
function featureOf(featuresDir, target) {
  const relative = path.relative(featuresDir, target);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const segments = relative.split(path.sep);
  return segments.length > 1 ? segments[0] : null;
}

/**
 * Web features do not import each other; what they share lives in components/ or lib/.
 * A relative import is resolved against the importing file and compared by feature folder,
 * so that no depth of nesting and no detour (`../../../features/x`) hides a step into another
 * feature. Bare specifiers name packages, which are not features.
 */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a web feature from importing another feature.' },
    schema: [
      {
        type: 'object',
        properties: {
          featuresDir: { type: 'string', description: 'The folder of the features; a relative path is taken from the working directory.' },
        },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      crossFeature:
        "Features do not import each other: '{{source}}' leaves the {{feature}} feature. Move what is shared to components/ or lib/.",
    },
  },
  create(context) {
    const featuresDir = path.resolve(context.cwd, context.options[0].featuresDir);
    const feature = featureOf(featuresDir, path.resolve(context.cwd, context.filename));
    if (!feature) return {};

    const check = (sourceNode) => {
      const source = sourceNode?.type === 'Literal' ? sourceNode.value : undefined;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(featuresDir, path.resolve(path.dirname(context.filename), source));
      // Outside the features (components/, lib/...) or inside one's own: both allowed.
      if (target === undefined || target === feature) return;
      context.report({ node: sourceNode, messageId: 'crossFeature', data: { source, feature } });
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
