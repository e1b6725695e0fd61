/**
 * better-sqlite3 refuses to bind JavaScript booleans; SQLite stores them as 1/0. This plugin rewrites boolean
 * parameters of every query to 1/0 so features write `is_active: true` the same way on both dialects, and turns the
 * declared boolean columns of the hot tables back into true/false in results (decision 0009), so repositories read
 * booleans on both dialects.
 */
import {
  type KyselyPlugin,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';

const toSqlite = (value: unknown) => (typeof value === 'boolean' ? Number(value) : value);

class BooleanTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return typeof node.value === 'boolean' ? { ...node, value: toSqlite(node.value) } : node;
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return { ...node, values: node.values.map(toSqlite) };
  }
}

/**
 * Result columns that hold a boolean, by name (a result row carries no column types). Only names that mean a
 * boolean wherever they appear belong here: an aggregate aliased `night` would be converted too.
 */
const BOOLEAN_COLUMNS = ['night'] as const;

function booleanColumnsOf(row: UnknownRow | undefined): string[] {
  return row ? BOOLEAN_COLUMNS.filter((name) => name in row) : [];
}

export class SqliteBooleansPlugin implements KyselyPlugin {
  private readonly transformer = new BooleanTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { result } = args;
    // Every row of a result has the same columns: look at the first one only.
    const columns = booleanColumnsOf(result.rows[0]);
    if (columns.length === 0) return result;
    for (const row of result.rows) {
      for (const name of columns) {
        const value = row[name];
        if (typeof value === 'number') row[name] = value !== 0;
      }
    }
    return result;
  }
}
