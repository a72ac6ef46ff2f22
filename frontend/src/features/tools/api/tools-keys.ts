export const toolsKeys = {
  trfCheckLimits: () => ['tools', 'trf-check', 'limits'] as const,
};
