// The broadcast library's names the overlay draws from, brought into
// facedown::overlay: the overlay only draws the on-air model (broadcast/), it
// derives nothing of its own.
#pragma once
#include "broadcast/battle_timing.h"
#include "broadcast/explainer.h"
#include "broadcast/model.h"
#include "broadcast/on_air_rules.h"
#include "broadcast/on_air_text.h"
#include "broadcast/public_row.h"

namespace facedown::overlay {

using broadcast::attach_commitments;
using broadcast::BattleMoment;
using broadcast::Banner;
using broadcast::banner_on_air;
using broadcast::BattlePhase;
using broadcast::BattleShow;
using broadcast::BattleTiming;
using broadcast::battle_explainer;
using broadcast::battle_moment;
using broadcast::ClockLevel;
using broadcast::ClockShown;
using broadcast::derive_model;
using broadcast::desk_standby;
using broadcast::DeskHeartbeat;
using broadcast::Fighter;
using broadcast::format_clock;
using broadcast::is_number_token;
using broadcast::CounterUse;
using broadcast::item_text;
using broadcast::kDefaultExplainSeconds;
using broadcast::kFadeSeconds;
using broadcast::kFlipEnd;
using broadcast::kLightUpEnd;
using broadcast::kMinExplainSeconds;
using broadcast::kStaleDeskSeconds;
using broadcast::kWarningToastSeconds;
using broadcast::Lang;
using broadcast::OnAirModel;
using broadcast::Phrase;
using broadcast::phrase;
using broadcast::piece_label;
using broadcast::piece_name;
using broadcast::Presentation;
using broadcast::PublicRow;
using broadcast::reason_text;
using broadcast::result_headline;
using broadcast::result_sentence;
using broadcast::ResultShown;
using broadcast::RowSource;
using broadcast::SetupCommitment;
using broadcast::status_caption;
using broadcast::ShownPiece;
using broadcast::turn_clock;
using broadcast::WarningShown;
using broadcast::warning_kind_text;
using broadcast::warning_text;
using broadcast::warning_toast;
using broadcast::warning_line;
using broadcast::words_lang;

}  // namespace facedown::overlay
