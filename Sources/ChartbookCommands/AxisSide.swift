/// Where the x axis stands (`set xaxis position=top|bottom`): the words `position=` reads.
enum AxisSide: String, CaseIterable { case top, bottom }
