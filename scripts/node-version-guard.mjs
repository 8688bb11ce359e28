// Every entry point runs this first: Rampart runs TypeScript directly (type stripping), which
// needs Node.js 22.18 or newer. `npm install` puts the pinned Node 24 in node_modules/.bin, which
// npm scripts use; this check catches installs made with --ignore-scripts or a bare `node` call.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `Rampart needs Node.js 22.18 or newer; this is Node.js ${process.versions.node} (${process.execPath}).\n` +
      "Run the project's scripts through npm (npm start, npm test): they use the Node 24 that\n" +
      "`npm install` places in node_modules/.bin. If you installed with --ignore-scripts, run\n" +
      "`npm rebuild node` or install Node 24 yourself.",
  );
  process.exit(1);
}
