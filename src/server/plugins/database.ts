/** Puts the opened database on the app (`app.db`) and closes it with the app. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export default fp(async function database(app: FastifyInstance, { db }: { db: Db }) {
  app.decorate('db', db);
  app.addHook('onClose', async () => db.close());
});
