import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveReports
import ThriveStore

@testable import ThriveWeb

@Suite("Charts through the API and on the pages")
struct ChartsTests {
    /// Sunday 22 November 2026, evening, in UTC.
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!

    struct Chart: Decodable {
        struct Day: Decodable {
            let date: String
            let value: Double?
            var low: Double?
            var high: Double?
        }
        let metric: String
        let unit: String
        let from: String
        let to: String
        let summary: String
        let average: Double?
        let days: [Day]
    }

    /// Nights of sleep for Ann, ending on the mornings of the given days before today (0 = today).
    static func nights(_ hours: [Int: Double]) -> [CategorySample] {
        hours.map { daysAgo, hours in
            let wake = ISO8601DateFormatter().date(from: "2026-11-22T07:00:00Z")!.addingTimeInterval(Double(-daysAgo) * 86_400)
            return CategorySample(
                id: CategorySampleID(UUID()), type: .sleepAnalysis, value: SleepStage.asleepCore.rawValue,
                start: wake.addingTimeInterval(-hours * 3_600), end: wake, source: SampleSource(name: "Oura", kind: .device))
        }
    }

    static func store(_ app: TestApp, _ samples: [CategorySample]) async throws {
        try await app.store.write { repositories in
            let owner = try #require(try await repositories.accounts.all().first { $0.email.value == "ann@example.com" }?.id)
            try await repositories.records(of: owner).categorySamples.store(samples)
        }
    }

    @Test func aWeekOfSleepComesBackWithItsSummaryAndAsAnSVG() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            // This week: 7, 6, 8, 7.5 and 6.5 hours on five mornings; the week before: 6 hours on three.
            try await Self.store(app, Self.nights([0: 7, 1: 6, 2: 8, 4: 7.5, 6: 6.5, 7: 6, 9: 6, 13: 6]))
            let token = try await browser.apiLogin().accessToken
            let check = SchemaCheck(document: try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text))

            let reply = try await browser.json(.get, "/api/v1/charts/sleep?range=7", bearer: token)
            #expect(reply.status == .ok, "\(reply.text)")
            try check.expectDocumented(reply, "/api/v1/charts/{metric}", "get")
            let chart = try reply.decode(Chart.self)
            #expect(chart.unit == "h")
            #expect(chart.from == "2026-11-16" && chart.to == "2026-11-22")
            #expect(chart.days.map(\.value) == [6.5, nil, 7.5, nil, 8, 6, 7], "oldest first, a gap where nothing was recorded")
            #expect(chart.average == 7)
            // 7 h against 6 h: up an hour; the lowest and highest mornings named.
            #expect(
                chart.summary
                    == "Your average sleep over the last 7 days was 7 h, up 1 h from the 7 days before; lowest on Saturday 21 November (6 h), highest on Friday 20 November (8 h)."
            )

            let svg = try await browser.send(
                "/api/v1/charts/sleep?range=7&format=svg", method: .get, headers: [.authorization: "Bearer \(token)"],
                body: nil)
            #expect(svg.headers[.contentType] == "image/svg+xml; charset=utf-8")
            #expect(svg.headers[.contentDisposition] == #"inline; filename="sleep-2026-11-22.svg""#)
            #expect(svg.text.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" class="chart chart-line""#))
            #expect(svg.text.contains("<title id=\"chart-sleep-title\">Sleep, last 7 days</title>"))
            #expect(svg.text.contains(#"data-label="Fri 20 Nov: 8 h""#))

            // Bob has no nights: the same chart for him says how many days it needs.
            let other = browser.fresh()
            try await other.signUp(email: "bob@example.com", timeZone: "UTC")
            let bob = try await other.apiLogin(email: "bob@example.com").accessToken
            let empty = try await other.json(.get, "/api/v1/charts/sleep?range=30", bearer: bob).decode(Chart.self)
            #expect(empty.days.allSatisfy { $0.value == nil })
            #expect(empty.summary == "Need 3 more days of data for this view.")
            let emptySVG = try await other.send(
                "/api/v1/charts/sleep?format=svg", method: .get, headers: [.authorization: "Bearer \(bob)"], body: nil)
            #expect(emptySVG.text.contains("Need 3 more days of data for this view."))
        }
    }

    @Test func heartRateThroughTheDayShowsItsAverageAndItsLowestToHighest() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            // The three days before today, a reading a minute from 08:00 to 09:59: 60 to 179 bpm,
            // averaging 119.5 (a chart needs three days).
            let watch = SampleSource(name: "Apple Watch", kind: .device)
            let readings = (19...21).flatMap { day in
                let morning = ISO8601DateFormatter().date(from: "2026-11-\(day)T08:00:00Z")!
                return (0..<120).map { minute in
                    QuantitySample(
                        id: SampleID(UUID()), type: .heartRate, value: Double(60 + minute),
                        start: morning.addingTimeInterval(Double(minute) * 60),
                        end: morning.addingTimeInterval(Double(minute) * 60), source: watch)
                }
            }
            try await app.store.write { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                try await repositories.records(of: owner).quantitySamples.store(readings)
            }
            let token = try await browser.apiLogin().accessToken
            let reply = try await browser.json(.get, "/api/v1/charts/heart-rate?range=7", bearer: token)
            #expect(reply.status == .ok, "\(reply.text)")
            let check = SchemaCheck(document: try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text))
            try check.expectDocumented(reply, "/api/v1/charts/{metric}", "get")
            let chart = try reply.decode(Chart.self)
            #expect(chart.unit == "bpm")
            let day = try #require(chart.days.first { $0.date == "2026-11-21" })
            #expect(day.value == 119.5 && day.low == 60 && day.high == 179)
            #expect(chart.days.first { $0.date == "2026-11-22" }?.low == nil)

            let page = try await browser.get("/pillars/fitness/recovery").text
            #expect(page.contains("id=\"chart-heart-rate-section\""))
            #expect(page.contains("120 bpm (60 bpm–179 bpm)"), "the table gives the day's average, lowest and highest")
            #expect(
                page.contains("<g class=\"spread spread-fitness\" aria-hidden=\"true\"><path d=\"M"), "shaded behind the line")
        }
    }

    @Test(arguments: [
        ("/api/v1/charts/naps", HTTPResponse.Status.notFound, nil as String?),
        ("/api/v1/charts/sleep?range=14", .unprocessableContent, "range"),
        ("/api/v1/charts/sleep?from=2026-11-01&to=2026-12-01", .unprocessableContent, "to"),
        ("/api/v1/charts/sleep?from=2025-01-01&to=2026-11-01", .unprocessableContent, "from"),
        ("/api/v1/charts/sleep?from=22-11-2026", .unprocessableContent, "from"),
        ("/api/v1/charts/sleep?format=pdf", .unprocessableContent, "format"),
        ("/api/v1/charts/sleep?format=png", .unprocessableContent, nil),
    ])
    func badChartRequestsAreExplained(path: String, status: HTTPResponse.Status, field: String?) async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let reply = try await browser.json(.get, path, bearer: token)
            #expect(reply.status == status, "\(reply.text)")
            #expect(reply.error?.field == field)
            #expect(reply.error?.message.isEmpty == false)
            #expect(try await browser.fresh().json(.get, path).status == .unauthorized, "no session, no token")
        }
    }

    @Test func pagesShowTheWeekInLightModeAndEveryRangeInDeepMode() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            try await Self.store(app, Self.nights([0: 7, 1: 6, 2: 8, 4: 7.5, 6: 6.5, 20: 9]))
            let light = try await browser.get("/pillars/fitness/sleep?range=90").text
            #expect(light.contains(#"role="img" aria-labelledby="chart-sleep-title chart-sleep-desc""#))
            #expect(light.contains("Sleep, last 7 days"), "Light mode keeps charts to 7 days")
            #expect(!light.contains("Time range for Sleep"))
            #expect(light.contains("<summary>Show the numbers</summary>"))
            #expect(light.contains(#"<th scope="row">Sun 22 Nov</th><td class="numeric">7 h</td>"#))

            try await browser.post(
                "/profile/settings", form: [("category", "coaching"), ("return", "/"), ("coaching.mode", "deep")])
            let deep = try await browser.get("/pillars/fitness/sleep?range=30").text
            #expect(deep.contains("Sleep, last 30 days"))
            #expect(
                deep.contains(
                    #"href="/pillars/fitness/sleep?range=30#chart-sleep-section" aria-current="true" data-chart-nav>30 days"#))
            #expect(deep.contains(#"href="/pillars/fitness/sleep?range=365#chart-sleep-section" data-chart-nav>365 days"#))
            #expect(deep.contains("highest on Monday 2 November (9 h)"))
            let nonsense = try await browser.get("/pillars/fitness/sleep?range=12")
            #expect(nonsense.status == .ok)
            #expect(nonsense.text.contains("Sleep, last 30 days"), "an unknown range falls back to 30 days")
        }
    }

    @Test func amountsAreBarsWithTheGoalAndAYearIsABarAWeek() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            // A year of steps repeating 6,000 … 12,000 over each seven days: every full week averages 9,000.
            let steps = (0..<365).map { FitnessPagesTests.sample(.stepCount, 6_000 + Double($0 % 7) * 1_000, daysAgo: $0) }
            try await app.store.write { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                try await repositories.records(of: owner).quantitySamples.store(steps)
            }
            let token = try await browser.apiLogin().accessToken
            func svg(_ range: Int) async throws -> String {
                try await browser.send(
                    "/api/v1/charts/steps?range=\(range)&format=svg", method: .get,
                    headers: [.authorization: "Bearer \(token)"], body: nil
                ).text
            }
            let week = try await svg(7)
            #expect(week.contains("class=\"chart chart-bar\""))
            #expect(week.components(separatedBy: "<rect class=\"bar bar-fitness\"").count - 1 == 7)
            #expect(week.contains(#"data-label="Sun 22 Nov: 6,000""#), "today is 0 days ago: 6,000")
            #expect(week.contains("Goal 8,000"), "the steps goal of the Fitness score")

            let year = try await svg(365)
            #expect(year.contains("Steps, last 365 days, daily average by week"))
            #expect(
                year.components(separatedBy: "<rect class=\"bar bar-fitness\"").count - 1 == 53, "365 days: 52 weeks and a day")
            #expect(year.contains(#"data-label="Mon 16 Nov to Sun 22 Nov, a day: 9,000""#))
            #expect(year.utf8.count < 30_000)
        }
    }
}

@Suite("Chart export as PNG")
struct ChartExportTests {
    @Test func aWeekOfSleepExportsAsAPNGWithItsTitleRangeAndTime() async throws {
        let app = try await TestApp.make(clock: TestClock(ChartsTests.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            try await ChartsTests.store(app, ChartsTests.nights([0: 7, 1: 6, 2: 8, 4: 7.5, 6: 6.5]))
            let token = try await browser.apiLogin().accessToken
            func png(_ query: String) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, bytes: [UInt8]) {
                let reply = try await browser.send(
                    "/api/v1/charts/sleep?\(query)&format=png", method: .get, headers: [.authorization: "Bearer \(token)"],
                    body: nil)
                return (reply.status, reply.headers, reply.bytes)
            }
            let week = try await png("range=7")
            #expect(week.status == .ok)
            #expect(week.headers[.contentType] == "image/png")
            #expect(week.headers[.contentDisposition] == #"attachment; filename="sleep-2026-11-22.png""#)
            #expect(Array(week.bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
            // IHDR: twice 640 wide, twice (68 header + 260 chart + 30 footer) high.
            func bigEndian(_ at: Int) -> Int { week.bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(bigEndian(16) == 1_280 && bigEndian(20) == 716)
            #expect(week.bytes.count > 20_000, "text, axes and a line, not a blank page: \(week.bytes.count) bytes")
            #expect(try await png("range=7").bytes == week.bytes, "the same chart is the same file")
            #expect(try await png("range=30").bytes != week.bytes)
        }
    }

    @Test func theExportFrameNamesTheChart() {
        let chart = LineChart(
            id: "chart-sleep", title: "Sleep, last 7 days", summary: "s", dayLabels: [], axisLabels: [],
            series: [.init(name: "Sleep", role: "fitness", values: [7, 6, 8])], formatValue: { "\($0)" })
        let export = ChartExport(
            title: "Sleep", rangeText: "Last 7 days: Mon 16 Nov to Sun 22 Nov 2026",
            legend: [.init(name: "Sleep", role: "fitness")], exportedText: "Exported 22 Nov 2026 at 19:30 from Thrive",
            chart: chart)
        let svg = export.svg()
        #expect(svg.contains(">Sleep</text>") && svg.contains(">Last 7 days: Mon 16 Nov to Sun 22 Nov 2026</text>"))
        #expect(svg.contains(">Exported 22 Nov 2026 at 19:30 from Thrive</text>"))
        #expect(
            svg.contains(
                #"<svg x="0" y="68" width="640" height="260" xmlns="http://www.w3.org/2000/svg" class="chart chart-line""#))
        #expect(svg.contains(##"fill="#1d4ed8"/>"##), "the legend's swatch in the Fitness colour")
    }
}

@Suite("Zoom and pan on the time axis")
struct ChartNavigationTests {
    static let today = LocalDate(year: 2026, month: 11, day: 22)!

    static func range(_ first: String, _ last: String) -> ChartRange {
        ChartRange(first: LocalDate(iso8601: first)!, last: LocalDate(iso8601: last)!, preset: nil)
    }

    @Test func zoomingHalvesOrDoublesAroundTheMiddleAndNeverPassesToday() throws {
        let month = ChartRange.last(30, today: Self.today)  // 24 Oct – 22 Nov
        let closer = try #require(month.zoomedIn(today: Self.today))
        #expect(closer.dayCount == 15)
        #expect(closer.first.iso8601 == "2026-11-01" && closer.last.iso8601 == "2026-11-15", "around 8 November")
        #expect(closer.query == "from=2026-11-01&to=2026-11-15")
        let wider = try #require(month.zoomedOut(today: Self.today))
        #expect(wider.dayCount == 60 && wider.last == Self.today, "moved back to end today")
        #expect(ChartRange.last(7, today: Self.today).zoomedIn(today: Self.today) == nil, "a week is the closest")
        let year = ChartRange.last(365, today: Self.today)
        #expect(year.zoomedOut(today: Self.today)?.dayCount == 366)
        #expect(Self.range("2025-11-22", "2026-11-22").zoomedOut(today: Self.today) == nil, "a year is the widest")
        // 90 days doubled ends today with 180 days: not a preset, so it is spelled out.
        #expect(ChartRange.last(90, today: Self.today).zoomedOut(today: Self.today)?.query == "from=2026-05-27&to=2026-11-22")
    }

    @Test func panningMovesByHalfTheSpanAndStopsAtToday() throws {
        let month = ChartRange.last(30, today: Self.today)
        let earlier = month.earlier(today: Self.today)
        #expect(earlier.first.iso8601 == "2026-10-09" && earlier.last.iso8601 == "2026-11-07")
        #expect(month.later(today: Self.today) == nil, "nothing after today")
        let back = try #require(earlier.later(today: Self.today))
        #expect(back == month && back.query == "range=30", "back to the preset it came from")
    }

    @Test func deepModeChartsLinkTheirMoves() async throws {
        let app = try await TestApp.make(clock: TestClock(ChartsTests.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            try await ChartsTests.store(app, ChartsTests.nights([0: 7, 1: 6, 2: 8, 4: 7.5, 6: 6.5, 10: 7, 12: 8, 14: 6]))
            try await browser.post(
                "/profile/settings", form: [("category", "coaching"), ("return", "/"), ("coaching.mode", "deep")])
            let page = try await browser.get("/pillars/fitness/sleep?range=30").text
            #expect(
                page.contains(
                    #"href="/pillars/fitness/sleep?from=2026-10-09&amp;to=2026-11-07#chart-sleep-section" data-chart-nav="earlier">Earlier"#
                ))
            #expect(
                page.contains(
                    #"href="/pillars/fitness/sleep?from=2026-11-01&amp;to=2026-11-15#chart-sleep-section" data-chart-nav="zoomIn">Zoom in"#
                ))
            #expect(!page.contains(">Later</a>"))
            let zoomed = try await browser.get("/pillars/fitness/sleep?from=2026-11-01&to=2026-11-15").text
            #expect(zoomed.contains("Sleep, Sun 1 Nov to Sun 15 Nov"))
            #expect(zoomed.contains(">Later</a>"))
        }
    }
}

@Suite("What affects what, on the Insights tab")
struct CorrelationExplorerTests {
    @Test func sleepAndMoodMovingTogetherAreAStrongLinkWithItsCoefficient() async throws {
        let app = try await TestApp.make(clock: TestClock(ChartsTests.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            // Ten mornings of 6, 7 or 8 hours' sleep, and each evening a mood two points under the hours.
            let hours: [Double] = [6, 7, 8, 6, 7, 8, 6, 7, 8, 7]
            try await ChartsTests.store(
                app, ChartsTests.nights(Dictionary(uniqueKeysWithValues: hours.enumerated().map { ($0.offset, $0.element) })))
            let moods = hours.enumerated().map { daysAgo, hours in
                MoodCheckIn(
                    id: MoodCheckInID(UUID()),
                    recordedAt: ChartsTests.evening.addingTimeInterval(Double(-daysAgo) * 86_400 - 600),
                    mood: Int(hours) - 4, source: .manualEntry)
            }
            try await app.store.write { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                try await repositories.records(of: owner).moodCheckIns.store(moods)
            }

            let page = try await browser.get("/insights").text
            #expect(page.contains(#"<option value="sleep" selected>Sleep</option>"#), "sleep and mood to start with")
            #expect(
                page.contains(
                    "On days with more sleep, your mood tended to be higher: a strong link (r = 1.00, 10 days with both). A link is not proof that one causes the other."
                ))
            #expect(page.contains(#"<title id="chart-correlation-title">Sleep and Mood, last 90 days</title>"#))
            #expect(
                page.components(separatedBy: "<circle class=\"dot dot-wellbeing\"").count - 1 == 20, "10 days, wide and compact")
            #expect(page.contains(#"data-label="Sun 22 Nov: 6 h, 2/5""#))

            // The next day's mood is out of step with the night: the pattern breaks.
            let next = try await browser.get("/insights?x=sleep&y=mood&lag=1&days=30").text
            #expect(next.contains("9 days with both"))
            #expect(next.contains("your mood the next day"))

            let same = try await browser.get("/insights?x=steps&y=steps").text
            #expect(same.contains(#"role="alert">Pick two different things to compare.</p>"#))
            #expect(same.contains(#"aria-describedby="explorer-error""#))

            let few = try await browser.get("/insights?x=steps&y=mood").text
            #expect(few.contains("Need 7 more days with both steps and mood for this view."))
        }
    }
}
