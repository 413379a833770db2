/// Fewer points that keep a line's shape, so a year of readings never puts thousands of points in a
/// chart that is a few hundred pixels wide.
public enum Downsampling {
    /// Largest-Triangle-Three-Buckets (Steinarsson, 2013): keeps the first and last points and, from
    /// each of `threshold − 2` equal buckets between them, the point that makes the largest triangle
    /// with the point kept before it and the average of the next bucket. Peaks and dips survive.
    public static func largestTriangleThreeBuckets(_ points: [ChartPoint], threshold: Int) -> [ChartPoint] {
        guard threshold >= 3, points.count > threshold else { return points }
        var kept = [points[0]]
        kept.reserveCapacity(threshold)
        let bucketSize = Double(points.count - 2) / Double(threshold - 2)
        var anchor = 0
        for bucket in 0..<(threshold - 2) {
            let start = Int(Double(bucket) * bucketSize) + 1
            let end = min(Int(Double(bucket + 1) * bucketSize) + 1, points.count - 1)
            // The next bucket's average (the last point for the last bucket).
            let nextStart = end
            let nextEnd = min(Int(Double(bucket + 2) * bucketSize) + 1, points.count)
            var averageX = 0.0
            var averageY = 0.0
            for index in nextStart..<max(nextEnd, nextStart + 1) {
                averageX += points[index].x
                averageY += points[index].y
            }
            let nextCount = Double(max(nextEnd - nextStart, 1))
            averageX /= nextCount
            averageY /= nextCount
            let a = points[anchor]
            var largest = -1.0
            var chosen = start
            for index in start..<max(end, start + 1) {
                let p = points[index]
                let area = abs((a.x - averageX) * (p.y - a.y) - (a.x - p.x) * (averageY - a.y))
                if area > largest {
                    largest = area
                    chosen = index
                }
            }
            kept.append(points[chosen])
            anchor = chosen
        }
        kept.append(points[points.count - 1])
        return kept
    }
}
