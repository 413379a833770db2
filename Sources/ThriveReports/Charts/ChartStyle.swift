/// The stylesheet a chart carries when it stands alone (a file, an `<img>`, the API): the light
/// theme's colours, the same as the web app's (the app styles inline charts with its own variables).
enum ChartStyle {
    static let standalone = """
        .chart{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fff}\
        .grid line{stroke:#d0d7de;stroke-width:1}\
        .axis-label,.legend-label{fill:#4b5563;font-size:12px}\
        .line{fill:none;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round}\
        .line-fitness{stroke:#1d4ed8}.line-nutrition{stroke:#15803d}.line-wellbeing{stroke:#7e22ce}.line-neutral{stroke:#334155}\
        circle.line-fitness,.dot-fitness{fill:#1d4ed8}circle.line-nutrition,.dot-nutrition{fill:#15803d}\
        circle.line-wellbeing,.dot-wellbeing{fill:#7e22ce}circle.line-neutral,.dot-neutral{fill:#334155}\
        .trend{stroke:#4b5563;stroke-width:2;stroke-dasharray:6 4}\
        .anomaly{fill:none;stroke:#a1221a;stroke-width:2}
        """
}
