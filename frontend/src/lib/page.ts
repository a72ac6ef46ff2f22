/** DRF's page envelope (`?page=&page_size=`), as the schema declares every paginated list. */
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };
