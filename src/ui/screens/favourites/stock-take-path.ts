import { paths } from '../../app/routes';

// Kept beside the screen rather than in routes.ts: the route table module ships with the login route,
// whose budget has no room; only the lazily loaded signed-in screens link here.

/** /favourites/{id}/stock-take/: counting an order guide's shelves. */
export const stockTakePath = (listId: number) => `${paths.favouriteList(listId)}stock-take/`;
export const stockTakePattern = '/favourites/:id/stock-take/';
