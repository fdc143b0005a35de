import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/**
 * Favourite lists and documents. A list belongs to its owner (gone with the user) and is
 * seen by the owner's company when shared; `name_key` (the name trimmed and lower-cased) makes names
 * unique per owner. A line has no foreign key to its product, so it survives a product that is no
 * longer sold (answered as `product: null`). Documents keep their bytes in the table; a null
 * `company_id` publishes one to every customer. Document names have translations like announcements.
 */
export function favouritesAndDocuments(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('favourite_lists')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('idx_favourite_lists_owner_name')
        .on('favourite_lists')
        .columns(['user_id', 'name_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('idx_favourite_lists_company_shared')
        .on('favourite_lists')
        .columns(['company_id', 'shared'])
        .execute();

      await db.schema
        .createTable('favourite_list_items')
        .addColumn('list_id', 'integer', (c) =>
          c.notNull().references('favourite_lists.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('quantity', types.quantity, (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('favourite_list_items_pk', ['list_id', 'product_id'])
        .execute();
      await db.schema
        .createIndex('idx_favourite_list_items_position')
        .on('favourite_list_items')
        .columns(['list_id', 'position'])
        .execute();

      await db.schema
        .createTable('documents')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('content', types.binary, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('idx_documents_company').on('documents').column('company_id').execute();

      await db.schema
        .createTable('document_translations')
        .addColumn('document_id', 'integer', (c) =>
          c.notNull().references('documents.id').onDelete('cascade'),
        )
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('document_translations_pk', ['document_id', 'language'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('document_translations').execute();
      await db.schema.dropTable('documents').execute();
      await db.schema.dropTable('favourite_list_items').execute();
      await db.schema.dropTable('favourite_lists').execute();
    },
  };
}
