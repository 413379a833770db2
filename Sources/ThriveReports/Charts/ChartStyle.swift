/// The stylesheet a chart carries when it stands alone (a file, an `<img>`, the API): the light
/// theme's colours, the same as the web app's (the app styles inline charts with its own variables).
enum ChartStyle {
    /// The light theme's pillar colours, for drawings without the stylesheet (the export's legend).
    static func colour(_ role: String) -> String {
        switch role {
        case "fitness": "#1d4ed8"
        case "nutrition": "#15803d"
        case "wellbeing": "#7e22ce"
        default: "#334155"
        }
    }

    static let standalone = """
        .chart{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fff}\
        .grid line{stroke:#d0d7de;stroke-width:1}\
        .axis-label,.legend-label{fill:#4b5563;font-size:12px}\
        .line{fill:none;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}\
        .line-fitness{stroke:#1d4ed8}.line-nutrition{stroke:#15803d}.line-wellbeing{stroke:#7e22ce}.line-neutral{stroke:#334155}\
        circle.line-fitness,.dot-fitness{fill:#1d4ed8}circle.line-nutrition,.dot-nutrition{fill:#15803d}\
        circle.line-wellbeing,.dot-wellbeing{fill:#7e22ce}circle.line-neutral,.dot-neutral{fill:#334155}\
        .trend{stroke:#4b5563;stroke-width:2;stroke-dasharray:6 4}\
        .spread path{fill-opacity:.18;stroke:none}.spread-key{stroke-width:10;stroke-opacity:.3}\
        .spread-fitness path{fill:#1d4ed8}.spread-nutrition path{fill:#15803d}.spread-wellbeing path{fill:#7e22ce}\
        .spread-key.spread-fitness{stroke:#1d4ed8}.spread-key.spread-nutrition{stroke:#15803d}.spread-key.spread-wellbeing{stroke:#7e22ce}\
        .anomaly{fill:none;stroke:#a1221a;stroke-width:2}\
        .bar-fitness{fill:#1d4ed8}.bar-nutrition{fill:#15803d}.bar-wellbeing{fill:#7e22ce}.bar-neutral{fill:#334155}\
        .goal-line{stroke:#1c2430;stroke-width:1.5;stroke-dasharray:3 3}.axis-title{fill:#1c2430;font-size:12px;font-weight:600}\
        .ring-track{fill:none;stroke:#d0d7de}.ring-fill{fill:none;stroke-linecap:round}\
        .ring-green{stroke:#1e5e2f}.ring-yellow{stroke:#8a6100}.ring-red{stroke:#a1221a}\
        .ring-percent{fill:#1c2430;font-size:24px;font-weight:700}.ring-target{fill:#4b5563;font-size:11px}\
        .heat-fitness{fill:#1d4ed8}.heat-nutrition{fill:#15803d}.heat-wellbeing{fill:#7e22ce}.cell.heat-0{fill:#eef1f4}\
        .heat-1{fill-opacity:.25}.heat-2{fill-opacity:.5}.heat-3{fill-opacity:.75}.heat-4{fill-opacity:1}
        """
}
