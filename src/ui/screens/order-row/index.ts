// What other screens use of the row ordering; everything else here is this folder's own.
export { OrderRowControls } from './order-row-controls';
export { StockFigure } from './stock-figure';
