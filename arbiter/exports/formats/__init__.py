"""National federation rating reports as files: one small plugin per federation behind one
interface (`base.FederationExport`), listed in `registry`. Plain Python, no Django: an event
comes in as `base.ExportEvent`, files come out (docs/exports.md)."""
