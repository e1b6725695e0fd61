/**
 * SQLite's plans of the statements a repository runs: a plugin records each statement as it is built, and
 * `plansOf` asks `explain query plan` for each afterwards, on the same database. Tests that check which index a read
 * uses (the reads that an index exists for) use it, so a schema or query change that loses the index fails a test.
 */
import { CompiledQuery, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import type { Database } from '../db/schema';

export interface StatementRecorder extends KyselyPlugin {
  nodes: { node: RootOperationNode; queryId: QueryId }[];
}

export function statementRecorder(): StatementRecorder {
  const nodes: { node: RootOperationNode; queryId: QueryId }[] = [];
  return {
    nodes,
    transformQuery: (args) => {
      nodes.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
}

/** Each recorded statement's plan as one line (its steps joined by ` | `), in the order they ran. */
export async function plansOf(db: Kysely<Database>, recorder: StatementRecorder): Promise<string[]> {
  const plans = [];
  for (const { node, queryId } of recorder.nodes) {
    const compiled = db.getExecutor().compileQuery(node, queryId);
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    plans.push(rows.map((row) => row.detail).join(' | '));
  }
  return plans;
}
