/** The Node arguments the server runs with, before its entry file (server-node.mjs, decision 024). */
export const SERVER_NODE_ARGS: readonly string[];
