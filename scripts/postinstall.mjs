// `npm install` (root postinstall): with an older Node on the machine, npm has just printed "npm warn EBADENGINE" for
// packages that need Node 22 or 24. They run on the Node 24 of the `node` devDependency (npm scripts put
// node_modules/.bin first on the PATH, so this script runs on it too): say so once, in place of a silent wall.
const npmNode = /\bnode\/v(\d+)\.(\S+)/.exec(process.env.npm_config_user_agent ?? '');
const scripts = process.versions.node;
if (npmNode && Number(npmNode[1]) < Number(scripts.split('.')[0])) {
  console.log(
    `\n  Meldingen "npm warn EBADENGINE" hierboven (als die er zijn) komen doordat npm zelf op Node ${npmNode[1]}.${npmNode[2]} draait.` +
      `\n  Alle npm-scripts (npm start, npm run dev, npm test, …) draaien op Node ${scripts} uit node_modules: u kunt ze negeren.\n`,
  );
}
