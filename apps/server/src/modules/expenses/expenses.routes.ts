import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createExpenseCategoryInputSchema,
  createExpenseInputSchema,
  expenseCategorySchema,
  expensePageSchema,
  expenseSchema,
  listExpensesQuerySchema,
  tillCashOutInputSchema,
  updateExpenseInputSchema,
} from "@app/shared/expenses/expense";
import { TILL_AREAS } from "@app/shared/permissions/areas";
import { ctxOf, type AccessPolicy } from "../../platform/access.ts";
import { readImageUpload, type FileStorage } from "../../platform/files.ts";
import { idempotencyHeadersSchema, idempotencyOf } from "../../platform/idempotency.ts";
import * as categories from "./expense-categories.ts";
import { removeExpenseReceipt, setExpenseReceipt } from "./expense-receipts.ts";
import * as service from "./expenses.service.ts";

const tags = ["expenses"];
const idParams = z.object({ id: z.uuid() });
const headers = idempotencyHeadersSchema;
/** Spec section 6: Expenses is for the owner or staff with viewExpenses. */
const area = "expenses" as const;
const expenseRecord: AccessPolicy = {
  kind: "record",
  what: "Expense",
  resolve: (db, p) => service.businessIdOfExpense(db, p.id!),
  area,
};

/** Expenses (/api/expenses, spec section 7), their categories, receipt photos and the till's cash-out. */
export const expenseRoutes: FastifyPluginAsyncZod<{ files: FileStorage }> = async (app, { files }) => {
  app.get(
    "/api/expenses",
    {
      config: { access: { kind: "tenant", from: "query", area } },
      schema: {
        tags,
        summary: "Expenses, newest first, with totals (deductible: with an eTIMS invoice) by period, category, method",
        querystring: listExpensesQuerySchema,
        response: { 200: expensePageSchema },
      },
    },
    async (req) => service.listExpenses(ctxOf(req), req.query),
  );
  app.post(
    "/api/expenses",
    {
      config: { access: { kind: "tenant", from: "body", area } },
      schema: {
        tags,
        summary: "Record an expense; its money goes out in the ledger (Idempotency-Key)",
        headers,
        body: createExpenseInputSchema,
        response: { 201: expenseSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createExpense(ctxOf(req), req.body, idempotencyOf(req))),
  );
  app.post(
    "/api/expenses/tillCashOut",
    {
      config: { access: { kind: "tenant", from: "body", area: TILL_AREAS } },
      schema: {
        tags,
        summary:
          "Cash taken out of the till during a shift: an expense paid in Cash from this user's till (Idempotency-Key)",
        headers,
        body: tillCashOutInputSchema,
        response: { 201: expenseSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await service.tillCashOut(ctxOf(req), req.body, idempotencyOf(req))),
  );
  app.get(
    "/api/expenses/categories",
    {
      config: { access: { kind: "tenant", from: "query", area: [area, ...TILL_AREAS] } },
      schema: {
        tags,
        summary: "The business's expense categories (the defaults on first use)",
        querystring: z.object({ businessId: z.uuid() }),
        response: { 200: z.array(expenseCategorySchema) },
      },
    },
    async (req) => categories.listCategories(ctxOf(req)),
  );
  app.post(
    "/api/expenses/categories",
    {
      config: { access: { kind: "tenant", from: "body", area } },
      schema: {
        tags,
        summary: "Add an expense category (409 when the name is taken)",
        body: createExpenseCategoryInputSchema,
        response: { 201: expenseCategorySchema },
      },
    },
    async (req, reply) => reply.code(201).send(await categories.createCategory(ctxOf(req), req.body.name)),
  );
  app.get(
    "/api/expenses/:id",
    {
      config: { access: expenseRecord },
      schema: { tags, summary: "One expense", params: idParams, response: { 200: expenseSchema } },
    },
    async (req) => service.getExpense(ctxOf(req), req.params.id),
  );
  app.put(
    "/api/expenses/:id",
    {
      config: { access: expenseRecord },
      schema: {
        tags,
        summary: "Edit an expense; the ledger gets the correcting movements",
        params: idParams,
        headers,
        body: updateExpenseInputSchema,
        response: { 200: expenseSchema },
      },
    },
    async (req) => service.updateExpense(ctxOf(req), req.params.id, req.body, idempotencyOf(req)),
  );
  app.delete(
    "/api/expenses/:id",
    {
      config: { access: expenseRecord },
      schema: {
        tags,
        summary: "Delete an expense (kept as deleted; its money comes back in the ledger)",
        params: idParams,
        headers,
        response: { 200: expenseSchema },
      },
    },
    async (req) => service.deleteExpense(ctxOf(req), req.params.id, idempotencyOf(req)),
  );
  app.post(
    "/api/expenses/:id/receipt",
    {
      config: { access: expenseRecord },
      schema: {
        tags,
        summary: "Attach a receipt photo (multipart field 'image': JPEG, PNG or WebP, up to 5 MB)",
        params: idParams,
        response: { 200: expenseSchema },
      },
    },
    async (req) => {
      const data = await readImageUpload(req, "photo");
      return setExpenseReceipt(ctxOf(req), files, req.params.id, data);
    },
  );
  app.delete(
    "/api/expenses/:id/receipt",
    {
      config: { access: expenseRecord },
      schema: {
        tags,
        summary: "Remove an expense's receipt photo",
        params: idParams,
        response: { 200: expenseSchema },
      },
    },
    async (req) => removeExpenseReceipt(ctxOf(req), files, req.params.id),
  );
};
