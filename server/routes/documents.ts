import { Hono } from 'hono';
import { financeDocumentFileName, financeDocumentPdf } from '../finance-documents/finance-document-queries';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { contentDisposition } from '../http/content-disposition';
import { currentRequestLanguage } from '../i18n/request-language';
import { documentFile, documentsFor } from '../queries/documents';
import { demoDetails, refuseDemoAccounts } from '../security/refuse-demo';

/**
 * Documents: what the supplier publishes to every customer or to the caller's company, and the
 * company's invoices, the ERP's among them (GET /finance-documents/{id}/file/ answers their PDF). A
 * document of another company answers 404 like an unknown one. Demo mode hides them (spec point 6).
 */
export function documentRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.use('/documents/*', refuseDemoAccounts(demoDetails.documents));
  routes.use('/finance-documents/*', refuseDemoAccounts(demoDetails.documents));

  routes.get('/documents/', async (c) => {
    const user = c.get('user');
    return c.json(await documentsFor(db, user.companyId, currentRequestLanguage()));
  });

  routes.get('/documents/:id{[0-9]{1,9}}/file/', async (c) => {
    const user = c.get('user');
    const file = await documentFile(db, user.companyId, Number(c.req.param('id')));
    if (!file) throw notFound('No document has this id.');
    const bytes = new Uint8Array(file.content);
    return c.body(bytes, 200, {
      'Content-Type': file.content_type,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': contentDisposition(
        c.req.query('download') === '1' ? 'attachment' : 'inline',
        file.file_name,
      ),
      'Cache-Control': 'private, no-store',
    });
  });

  routes.get('/finance-documents/:id{[0-9]{1,9}}/file/', async (c) => {
    const user = c.get('user');
    const document = await financeDocumentPdf(db, user.companyId, Number(c.req.param('id')));
    if (!document) throw notFound('No document has this id.');
    const bytes = new Uint8Array(document.pdf);
    return c.body(bytes, 200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': contentDisposition(
        c.req.query('download') === '1' ? 'attachment' : 'inline',
        financeDocumentFileName(document),
      ),
      'Cache-Control': 'private, no-store',
    });
  });

  return routes;
}
