/// Positions (into `sources`) of one longest strictly increasing subsequence, ignoring `-1`
/// entries. O(n log n): patience sorting with predecessor links.
///
/// The keyed diff keeps the elements on this subsequence where they are and moves only the rest,
/// which is the fewest moves that turn the old order into the new one.
///
/// `steps` counts the work actually done (each element, each step of the binary search, each
/// link followed back), for the diff's linearity test.
func longestIncreasingSubsequence(_ sources: [Int], steps: inout Int) -> [Int] {
    var tails: [Int] = []  // tails[k] = index into sources of the smallest tail of a run of length k+1
    var previous = [Int](repeating: -1, count: sources.count)
    tails.reserveCapacity(sources.count)
    for index in sources.indices {
        steps += 1
        let value = sources[index]
        if value < 0 { continue }
        if let last = tails.last, sources[last] < value {
            previous[index] = last
            tails.append(index)
            continue
        }
        var low = 0
        var high = tails.count
        while low < high {
            steps += 1
            let middle = (low + high) / 2
            if sources[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[index] = tails[low - 1] }
        if low == tails.count { tails.append(index) } else { tails[low] = index }
    }
    var result = [Int](repeating: 0, count: tails.count)
    var cursor = tails.last ?? -1
    var position = tails.count - 1
    while cursor >= 0 {
        steps += 1
        result[position] = cursor
        position -= 1
        cursor = previous[cursor]
    }
    return result
}
