import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types';

/** Accounts, the catalogue, orders and messages: everything the first three issues need. */
export function initialSchema(types: ColumnTypes): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('languages')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('flag', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('companies')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('customer_type', 'text', (c) => c.notNull())
        .addColumn('vat_number', 'text', (c) => c.notNull())
        .addColumn('landline_number', 'text', (c) => c.notNull())
        .addColumn('mobile_number', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('tax_applies', 'integer', (c) => c.notNull())
        .addColumn('currency_symbol', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('landline_phone', 'text', (c) => c.notNull())
        .addColumn('mobile_phone', 'text', (c) => c.notNull())
        .addColumn('is_active', 'integer', (c) => c.notNull())
        .addColumn('is_admin', 'integer', (c) => c.notNull())
        .addColumn('is_demo', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('idx_users_company').on('users').column('company_id').execute();

      await db.schema
        .createTable('units')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('base_id', 'integer', (c) => c.references('units.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_plural', 'text', (c) => c.notNull())
        .addColumn('is_primary', 'integer', (c) => c.notNull())
        .execute();

      for (const table of ['brands', 'categories', 'warehouses']) {
        await db.schema
          .createTable(table)
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .execute();
      }

      await db.schema
        .createTable('operators')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('products')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', types.key, (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id'))
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('price', types.money, (c) => c.notNull())
        .addColumn('old_price', types.money)
        .addColumn('tax_included', 'integer', (c) => c.notNull())
        .addColumn('tax_rate_percent', types.money, (c) => c.notNull())
        .addColumn('deposit_price', types.money, (c) => c.notNull())
        .addColumn('stock_code', 'text', (c) => c.notNull().unique())
        .addColumn('stock_code_key', types.key, (c) => c.notNull())
        .addColumn('barcode', 'text', (c) => c.notNull())
        .addColumn('quantity_in_stock', 'integer', (c) => c.notNull())
        .addColumn('is_featured', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // Each list the API pages through has an index that already holds its order.
      await db.schema
        .createIndex('idx_products_name_key')
        .on('products')
        .columns(['name_key', 'id'])
        .execute();
      await db.schema
        .createIndex('idx_products_category_name')
        .on('products')
        .columns(['category_id', 'name_key', 'id'])
        .execute();
      await db.schema
        .createIndex('idx_products_brand_name')
        .on('products')
        .columns(['brand_id', 'name_key', 'id'])
        .execute();
      await db.schema
        .createIndex('idx_products_stock_code_key')
        .on('products')
        .column('stock_code_key')
        .execute();
      await db.schema.createIndex('idx_products_barcode').on('products').column('barcode').execute();
      await db.schema
        .createIndex('idx_products_created')
        .on('products')
        .columns(['created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('idx_products_featured')
        .on('products')
        .columns(['is_featured', 'id'])
        .execute();

      await db.schema
        .createTable('product_units')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
        .addColumn('amount', types.quantity, (c) => c.notNull())
        .addPrimaryKeyConstraint('product_units_pk', ['product_id', 'unit_id'])
        .execute();

      // One row per word of a product's name, stock code and barcode: a prefix search is a
      // range scan on this primary key instead of a LIKE over every product.
      await db.schema
        .createTable('product_search_tokens')
        .addColumn('token', types.key, (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('product_search_tokens_pk', ['token', 'product_id'])
        .execute();

      await db.schema
        .createTable('campaigns')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('campaign_prices')
        .addColumn('campaign_id', 'integer', (c) =>
          c.notNull().references('campaigns.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
        .addColumn('new_price', types.money, (c) => c.notNull())
        .addPrimaryKeyConstraint('campaign_prices_pk', ['campaign_id', 'product_id'])
        .execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('total', types.money, (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('is_finalized', 'integer', (c) => c.notNull())
        .addColumn('finalized_at', 'text')
        .addColumn('expected_delivery_date', 'text', (c) => c.notNull())
        .addColumn('is_preorder', 'integer', (c) => c.notNull())
        .addColumn('customer_note', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('idx_orders_company')
        .on('orders')
        .columns(['company_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('suborders')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
        .addColumn('total', types.money, (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('estimated_delivery_date', 'text')
        .execute();
      await db.schema.createIndex('idx_suborders_order').on('suborders').column('order_id').execute();

      await db.schema
        .createTable('order_items')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('suborder_id', 'integer', (c) =>
          c.notNull().references('suborders.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('amount', types.money, (c) => c.notNull())
        .addColumn('tax_amount', types.money, (c) => c.notNull())
        .addColumn('tax_included', 'integer', (c) => c.notNull())
        .addColumn('quantity', types.quantity, (c) => c.notNull())
        .addColumn('unit_id', 'integer', (c) => c.notNull().references('units.id'))
        .addColumn('is_fulfilled', 'integer', (c) => c.notNull())
        .addColumn('campaign_id', 'integer', (c) => c.references('campaigns.id'))
        .execute();
      await db.schema
        .createIndex('idx_order_items_suborder')
        .on('order_items')
        .column('suborder_id')
        .execute();

      await db.schema
        .createTable('extra_charges')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('suborder_id', 'integer', (c) =>
          c.notNull().references('suborders.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('amount', types.money, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('idx_extra_charges_suborder')
        .on('extra_charges')
        .column('suborder_id')
        .execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text')
        .execute();
      await db.schema
        .createIndex('idx_notifications_user')
        .on('notifications')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('announcements')
        .addColumn('id', 'integer', types.serialId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('announcement_reads')
        .addColumn('announcement_id', 'integer', (c) =>
          c.notNull().references('announcements.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('read_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('announcement_reads_pk', ['announcement_id', 'user_id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      const tables = [
        'announcement_reads',
        'announcements',
        'notifications',
        'extra_charges',
        'order_items',
        'suborders',
        'orders',
        'campaign_prices',
        'campaigns',
        'product_search_tokens',
        'product_units',
        'products',
        'operators',
        'warehouses',
        'categories',
        'brands',
        'units',
        'users',
        'companies',
        'languages',
        'meta',
      ];
      for (const table of tables) await db.schema.dropTable(table).execute();
    },
  };
}
