/** The supplier's branding and trade settings, as GET /api/baf/configuration/ serves them. */
export const siteConfiguration = {
  global: {
    logo_square: '/media/logo-square.svg',
    logo_wide: '/media/logo-wide.svg',
    site_name: 'Lindenhof Wholesale',
  },
  modules: {
    netb2b: {
      money_decimal_places: 2,
      // > 0 offers self-registration; 1 is a corporate customer.
      default_customer_type: 1,
    },
  },
};
