import { describe, expect, it } from "vitest";
import { joinAsMember, TEST_PASSWORD } from "../../test/accounts.ts";
import { useTestApp } from "../../test/app.ts";
import { testDatabaseTargets } from "../../test/databases.ts";

type Member = Awaited<ReturnType<typeof joinAsMember>>;

describe.each(testDatabaseTargets())("reading preferences on $dialect", (target) => {
  const setup = useTestApp(target);

  const join = () => joinAsMember(setup.app, setup.database);
  const get = (member: Member) =>
    setup.app.inject({ method: "GET", url: "/api/reading/preferences", cookies: member.cookies });
  const put = (member: Member, payload: unknown) =>
    setup.app.inject({
      method: "PUT",
      url: "/api/reading/preferences",
      cookies: member.cookies,
      payload: payload as object,
    });

  it("folds by default, and keeps the member's choice across sessions", async () => {
    const member = await join();
    expect((await get(member)).json()).toEqual({ showEveryArticle: false });
    const saved = await put(member, { showEveryArticle: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ showEveryArticle: true });
    const signIn = await setup.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { handle: member.handle, password: TEST_PASSWORD },
      remoteAddress: "203.0.113.78",
    });
    const session = signIn.cookies.find((cookie) => cookie.name === "gemwire_session")?.value as string;
    expect((await get({ ...member, cookies: { gemwire_session: session } })).json()).toEqual({
      showEveryArticle: true,
    });
    expect((await put(member, { showEveryArticle: false })).json()).toEqual({ showEveryArticle: false });
    expect((await get(member)).json()).toEqual({ showEveryArticle: false });
  });

  it("keeps each member's choice to themselves, and leaves degen mode and the feed choice alone", async () => {
    const [ann, bob] = [await join(), await join()];
    const degen = await setup.app.inject({
      method: "PUT",
      url: "/api/settings/degen-mode",
      cookies: ann.cookies,
      payload: { degenMode: true },
    });
    expect(degen.statusCode).toBe(200);
    const before = (await setup.app.inject({ method: "GET", url: "/api/settings", cookies: ann.cookies })).json();
    await put(ann, { showEveryArticle: true });
    expect((await setup.app.inject({ method: "GET", url: "/api/settings", cookies: ann.cookies })).json()).toEqual(
      before,
    );
    expect((await get(bob)).json()).toEqual({ showEveryArticle: false });
    // Degen mode saved after the preference keeps the preference, too.
    await setup.app.inject({
      method: "PUT",
      url: "/api/settings/degen-mode",
      cookies: ann.cookies,
      payload: { degenMode: false },
    });
    expect((await get(ann)).json()).toEqual({ showEveryArticle: true });
    // A member who never chose anything else starts their settings row with the preference.
    await put(bob, { showEveryArticle: true });
    expect(
      (await setup.app.inject({ method: "GET", url: "/api/settings", cookies: bob.cookies })).json().degenMode,
    ).toBe(false);
  });

  it("answers the same for the same request sent at once", async () => {
    const member = await join();
    const responses = await Promise.all(Array.from({ length: 6 }, () => put(member, { showEveryArticle: true })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
    expect((await get(member)).json()).toEqual({ showEveryArticle: true });
  });

  it.each([
    ["no value", {}],
    ["a string", { showEveryArticle: "yes" }],
    ["a number", { showEveryArticle: 1 }],
    ["null", { showEveryArticle: null }],
  ])("refuses %s with a clear 400", async (_name, payload) => {
    const member = await join();
    const response = await put(member, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "invalid_request",
      message: expect.stringMatching(/showEveryArticle/),
    });
    expect((await get(member)).json()).toEqual({ showEveryArticle: false });
  });
});
