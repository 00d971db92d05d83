import { describe, expect, it } from "vitest";
import { accountUserListFilterSchema, loginAsFilterSchema } from "~/features/account/account-list-filter";
import { criteriaFilterSchema, setListFilterSchema } from "~/features/criteria/criteria-list-filter";
import { positionListFilterSchema } from "~/features/positions/position-list-filter";
import { teamListFilterSchema } from "~/features/teams/team-list-filter";
import { parseListFilter, searchFilterSchema } from "~/utils/list-filter";

const parse = <S extends Parameters<typeof parseListFilter>[0]>(schema: S, query: string) =>
  parseListFilter(schema, new URLSearchParams(query));

describe("list filters", () => {
  it("teams: q, scope=tree and page, with defaults", () => {
    expect(parse(teamListFilterSchema, "")).toEqual({ q: "", tree: false, page: 1 });
    expect(parse(teamListFilterSchema, "q=Sales&scope=tree&page=3")).toEqual({ q: "Sales", tree: true, page: 3 });
    expect(parse(teamListFilterSchema, "scope=all").tree).toBe(false);
  });

  it("a page that is not a whole number from 1 to 99,999 is page 1", () => {
    for (const page of ["0", "-2", "1.5", "abc", "", "100000"]) {
      expect(parse(positionListFilterSchema, `page=${page}`)).toEqual({ page: 1 });
    }
    expect(parse(positionListFilterSchema, "page=99999")).toEqual({ page: 99999 });
  });

  it("a name given twice counts once, the first", () => {
    expect(parse(accountUserListFilterSchema, "q=a&q=b&page=2&page=5")).toEqual({ q: "a", page: 2 });
  });

  it("login-as cuts the search at 200 characters; other searches keep it", () => {
    const long = "x".repeat(250);
    expect(parse(loginAsFilterSchema, `q=${long}`).q).toHaveLength(200);
    expect(parse(searchFilterSchema, `q=${long}`).q).toHaveLength(250);
  });

  it("criteria book: values that do not fit are no filter", () => {
    expect(parse(criteriaFilterSchema, "dimension=2&tagId=nope&archived=1&q=%20lead%20&page=0")).toEqual({
      dimension: 2,
      tagId: undefined,
      archived: "1",
      q: "lead",
      page: undefined,
    });
    expect(parse(criteriaFilterSchema, "dimension=9").dimension).toBeUndefined();
  });

  it("sets: archived only for ?archived=1", () => {
    expect(parse(setListFilterSchema, "archived=1")).toEqual({ archived: true });
    expect(parse(setListFilterSchema, "archived=true")).toEqual({ archived: false });
  });
});
