import { t } from '@lingui/core/macro';

/** The API's one error shape: `{"message": "…", "extra": {"fields": {"name": ["…"]}}}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string[]>;

  constructor(status: number, message: string, fields: Record<string, string[]> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }

  static from(status: number, body: unknown): ApiError {
    const shape = (body ?? {}) as { message?: unknown; detail?: unknown; extra?: { fields?: unknown } };
    const message =
      typeof shape.message === 'string'
        ? shape.message
        : typeof shape.detail === 'string'
          ? shape.detail
          : t`The server answered ${status}.`;
    const raw = shape.extra?.fields;
    const fields: Record<string, string[]> = {};
    if (raw && typeof raw === 'object') {
      for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
        fields[name] = Array.isArray(value) ? value.map(String) : [String(value)];
      }
    }
    return new ApiError(status, message, fields);
  }
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : t`Something went wrong.`;
