import type { FastifyPluginAsyncZod, ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminEventsSchema,
  adminListQuerySchema,
  eventInputSchema,
  eventSchema,
  eventsSchema,
  idParamsSchema,
} from "../../../contracts/content.ts";
import { errorBodySchema } from "../../../contracts/errors.ts";
import { requireAdmin } from "../../plugins/sessions.ts";
import { type BlogAdminRoutesOptions, blogAdminRoutes } from "./blog-admin-routes.ts";
import { blogRoutes } from "./blog-routes.ts";
import { createEvent, deleteEvent, listAdminEvents, listEvents, updateEvent } from "./service.ts";

const adminErrors = { 400: errorBodySchema, 401: errorBodySchema };

/** Events and the blog: public reading, and the admin's writing (content-admin routes). */
export const contentRoutes: FastifyPluginAsyncZod<BlogAdminRoutesOptions> = async (app, options) => {
  app.get(
    "/events",
    {
      schema: {
        tags: ["content"],
        summary:
          "Crypto events: those not yet ended first (soonest start first), then past ones (most recent first); the built-in samples while none are stored",
        response: { 200: eventsSchema },
      },
    },
    async () => listEvents(app.database),
  );

  await app.register(blogRoutes);

  await app.register(async (admin) => {
    // Before the body is read or validated: a visitor learns nothing about the input rules.
    admin.addHook("onRequest", requireAdmin);
    const typed = admin.withTypeProvider<ZodTypeProvider>();

    typed.get(
      "/admin/events",
      {
        schema: {
          tags: ["admin"],
          summary: "Events for the admin, newest start first; q searches title, description, city and country",
          querystring: adminListQuerySchema,
          response: { 200: adminEventsSchema, ...adminErrors },
        },
      },
      async (request) => listAdminEvents(app.database, request.query),
    );

    typed.post(
      "/admin/events",
      {
        schema: {
          tags: ["admin"],
          summary: "Add an event",
          body: eventInputSchema,
          response: { 201: eventSchema, ...adminErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await createEvent(app.database, request.body)),
    );

    typed.put(
      "/admin/events/:id",
      {
        schema: {
          tags: ["admin"],
          summary: "Change an event (every field)",
          params: idParamsSchema,
          body: eventInputSchema,
          response: { 200: eventSchema, 404: errorBodySchema, ...adminErrors },
        },
      },
      async (request) => updateEvent(app.database, request.params.id, request.body),
    );

    typed.delete(
      "/admin/events/:id",
      {
        schema: {
          tags: ["admin"],
          summary: "Delete an event",
          params: idParamsSchema,
          response: { 204: z.null(), 404: errorBodySchema, ...adminErrors },
        },
      },
      async (request, reply) => {
        await deleteEvent(app.database, request.params.id);
        return reply.status(204).send(null);
      },
    );

    await typed.register(blogAdminRoutes, { pageFetch: options.pageFetch });
  });
};
