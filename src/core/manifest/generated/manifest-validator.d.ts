import type { ErrorObject } from 'ajv'
/** Ajv standalone validator for schema/manifest-v3.schema.json (generated). */
export interface CompiledValidator {
  (data: unknown): boolean
  errors?: ErrorObject[] | null
}
export declare const validate: CompiledValidator
export default validate
