export interface RequestContext { placeholder: true }
