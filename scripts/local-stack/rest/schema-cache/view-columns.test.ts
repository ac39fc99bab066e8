// Unit tests of reading a view's rewrite rule: the base column behind each view column, renamed or not, and nothing
// for computed columns or rules we cannot read.
import { describe, expect, it } from 'vitest'
import { viewColumnSources } from './view-columns.ts'

const rule =
  '({QUERY :commandType 1 :querySource 0 :canSetTag true :utilityStmt <> :resultRelation 0 :hasAggs false ' +
  ':rtable ({RANGETBLENTRY :alias {ALIAS :aliasname old :colnames <>} :eref {ALIAS :aliasname old :colnames ("id" "title")} ' +
  ':rtekind 0 :relid 16400} {RANGETBLENTRY :alias <> :eref {ALIAS :aliasname courses :colnames ("id" "title")} :rtekind 0 ' +
  ':relid 16400 :subquery <>}) :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 2}) :quals <>} ' +
  ':targetList ({TARGETENTRY :expr {VAR :varno 2 :varattno 1 :vartype 20} :resno 1 :resname course\\ id ' +
  ':ressortgroupref 0 :resorigtbl 16400 :resorigcol 1 :resjunk false} {TARGETENTRY :expr {OPEXPR :opno 551 ' +
  ':args ({VAR :varno 2 :varattno 1} {CONST :consttype 23 :constvalue 4 [ 1 0 0 0 0 0 0 0 ]})} :resno 2 ' +
  ':resname plus :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} {TARGETENTRY :expr {VAR :varno 2 ' +
  ':varattno 2} :resno 3 :resname heading :ressortgroupref 0 :resorigtbl 16400 :resorigcol 2 :resjunk false}) ' +
  ':override 0 :onConflict <> :returningList <>})'

describe('view column sources', () => {
  it('maps plain (also renamed) view columns to their base columns and skips computed ones', () => {
    expect(viewColumnSources(rule)).toEqual([
      { column: 1, tableOid: 16400, tableColumn: 1 },
      { column: 3, tableOid: 16400, tableColumn: 2 },
    ])
  })

  it('returns nothing for text it cannot read', () => {
    expect(viewColumnSources('({QUERY')).toEqual([])
    expect(viewColumnSources('garbage')).toEqual([])
  })
})
