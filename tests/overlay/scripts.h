// Match scripts shared by the overlay tests.
#pragma once

namespace facedown::overlay::testing {

// Player 2 moves the 10 c7-c6 onto player 1's 3 on c5 and blinds it: the 3 is
// removed face up, the 10 stays face down.
inline constexpr const char* kBlindBattle = R"(game number-janggi
preset genius-2015
player 1 "Jang Dong-min"
player 2 "김경훈"
setup 1 K:a1 M:b1 M:c1 M:d1 1:e1 2:f1 10:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3 3:c3
setup 2 K:a9 M:b9 M:c9 M:d9 1:e9 2:f9 3:a8 4:b8 5:c8 6:d8 7:e8 8:f8 9:a7 10:c7
first 1
start
@5 move c3-c5
@12 move c7-c6
@20 items 1=none 2=blind:c6
)";

// Same opening without items: the 10 is revealed.
inline constexpr const char* kOpenBattle = R"(game number-janggi
preset genius-2015
player 1 "Jang Dong-min"
player 2 "Kim Kyung-hoon"
setup 1 K:a1 M:b1 M:c1 M:d1 1:e1 2:f1 10:a2 4:b2 5:c2 6:d2 7:e2 8:f2 9:a3 3:c3
setup 2 K:a9 M:b9 M:c9 M:d9 1:e9 2:f9 3:a8 4:b8 5:c8 6:d8 7:e8 8:f8 9:a7 10:c7
first 1
start
@5 move c3-c5
@12 move c7-c6
@20 items 1=none 2=none
)";

}  // namespace facedown::overlay::testing
