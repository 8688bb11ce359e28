import { type Static, Type } from "typebox";
import { MultiLine, SingleLine } from "./field-kinds.ts";
import { LocalizedInput, localizedInput } from "./roles.ts";

const Status = Type.Union([Type.Literal("0"), Type.Literal("1")]);
const LocalizedView = Type.Record(Type.String(), Type.String());

export const DICT_TYPE_PATTERN = "^[a-z][a-z0-9_]{0,99}$";
/** The tag colours a dictionary value can show with in tables. */
export const DICT_LIST_CLASSES = ["default", "primary", "success", "info", "warning", "danger"] as const;

export const DictTypeView = Type.Object({
  dictType: Type.String(),
  dictName: LocalizedView,
  status: Type.String(),
  values: Type.Integer(),
  /** Types the product's own pages read cannot be deleted. */
  builtIn: Type.Boolean(),
});
export type DictTypeView = Static<typeof DictTypeView>;

export const DictTypeBody = Type.Object(
  { dictType: Type.String({ pattern: DICT_TYPE_PATTERN }), dictName: LocalizedInput, status: Status },
  { additionalProperties: false },
);
export type DictTypeBody = Static<typeof DictTypeBody>;

export const DictDataView = Type.Object({
  dictCode: Type.Integer(),
  dictType: Type.String(),
  dictSort: Type.Integer(),
  dictLabel: LocalizedView,
  dictValue: Type.String(),
  listClass: Type.String(),
  cssClass: Type.String(),
  isDefault: Type.Boolean(),
  status: Type.String(),
});
export type DictDataView = Static<typeof DictDataView>;

export const DictDataBody = Type.Object(
  {
    dictType: Type.String({ pattern: DICT_TYPE_PATTERN }),
    dictLabel: LocalizedInput,
    dictValue: SingleLine({ minLength: 1, maxLength: 100 }),
    dictSort: Type.Integer({ minimum: 0, maximum: 9999 }),
    listClass: Type.Union(DICT_LIST_CLASSES.map((c) => Type.Literal(c))),
    cssClass: Type.String({ maxLength: 100, pattern: "^[A-Za-z0-9_ -]*$" }),
    isDefault: Type.Boolean(),
    status: Status,
  },
  { additionalProperties: false },
);
export type DictDataBody = Static<typeof DictDataBody>;

export const CONFIG_KEY_PATTERN = "^[A-Za-z0-9_.-]{1,100}$";
/** The longest value a setting holds (its column is varchar(500)). */
export const CONFIG_VALUE_MAX = 500;

export const ConfigView = Type.Object({
  configKey: Type.String(),
  configName: LocalizedView,
  configValue: Type.String(),
  builtIn: Type.Boolean(),
  updateTime: Type.String(),
});
export type ConfigView = Static<typeof ConfigView>;

/**
 * The longest name of a setting, in each language: a setting's name says what its value means and
 * in what unit ("Balance: largest top-up (minor units, e.g. cents)"), longer than a menu's.
 */
export const CONFIG_NAME_MAX = 120;
const ConfigName = localizedInput(CONFIG_NAME_MAX);

export const ConfigBody = Type.Object(
  {
    configKey: Type.String({ pattern: CONFIG_KEY_PATTERN }),
    configName: ConfigName,
    configValue: MultiLine({ maxLength: CONFIG_VALUE_MAX }),
  },
  { additionalProperties: false },
);
export type ConfigBody = Static<typeof ConfigBody>;
/** A setting's new name and value (its key stays). */
export const ConfigUpdate = Type.Object(
  { configName: ConfigName, configValue: MultiLine({ maxLength: CONFIG_VALUE_MAX }) },
  { additionalProperties: false },
);
