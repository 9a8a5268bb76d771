export const TRANSFERS = '/dashboard/transfers'
