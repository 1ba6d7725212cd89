# bash completion for cointrack, generated from its command table by
# 'cointrack completion bash'; do not edit.
# Install it as cointrack in bash-completion's completions directory, or load it for this
# shell with: source <(cointrack completion bash)

# Sets REPLY to the subcommands of a command path, such as 'coins'.
_cointrack_subcommands() {
    case $1 in
        '' ) REPLY='coins prices sync profile alerts portfolio help completion' ;;
        'coins' ) REPLY='list add remove available' ;;
        'profile' ) REPLY='show set' ;;
        'alerts' ) REPLY='add list remove check' ;;
        'portfolio' ) REPLY='buy sell trades remove show history import export' ;;
        *) REPLY='' ;;
    esac
}

# Sets REPLY to the options of a command path.
_cointrack_options() {
    case $1 in
        'coins list' ) REPLY='--source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'coins add' ) REPLY='--source --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'prices' ) REPLY='--from --to --stats --chart --source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'sync' ) REPLY='--source --from --jobs --format --fields --no-header --today --quiet -h --help --version' ;;
        'profile set' ) REPLY='--source --currency --format --fields --no-header --today --quiet -h --help --version' ;;
        'alerts add' ) REPLY='--above --below --change --days --source --currency --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'alerts check' ) REPLY='--all --source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio buy' ) REPLY='--price --date --fee --currency --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio sell' ) REPLY='--price --date --fee --currency --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio trades' ) REPLY='--coin --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio show' ) REPLY='--date --method --source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio history' ) REPLY='--from --to --method --source --currency --refresh --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio import' ) REPLY='--source --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'portfolio export' ) REPLY='--assets-account --cash-account --fees-account --income-account --source --cached-only --format --fields --no-header --today --quiet -h --help --version' ;;
        'help' ) REPLY='--man --format --fields --no-header --today --quiet -h --help --version' ;;
        *) REPLY='--format --fields --no-header --today --quiet -h --help --version' ;;
    esac
}

# Sets REPLY to the values of option $1 at the command path $2.
_cointrack_values() {
    case $2 in
        'sync' ) case $1 in --source) REPLY='coingecko binance twelvedata'; return ;; esac ;;
    esac
    case $1 in
        --format) REPLY='table csv tsv json jsonl ledger hledger beancount' ;;
        --today) REPLY='today yesterday' ;;
        --source) REPLY='offline coingecko binance twelvedata' ;;
        --from) REPLY='today yesterday' ;;
        --to) REPLY='today yesterday' ;;
        --date) REPLY='today yesterday' ;;
        --method) REPLY='fifo average' ;;
        *) REPLY='' ;;
    esac
}

# Sets REPLY to the values of positional argument number $2 (from 0) of the command path
# $1; the arguments before it follow. Coin symbols come from the program being completed.
_cointrack_arguments() {
    local path=$1 index=$2
    shift 2
    REPLY=''
    case $path in
        'coins add' )
            if ((index >= 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null)
            fi ;;
        'coins remove' )
            if ((index >= 0)); then REPLY=$("$_cointrack_program" __complete tracked 2>/dev/null)
            fi ;;
        'prices' )
            if ((index == 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null)
            fi ;;
        'sync' )
            if ((index >= 0)); then REPLY=$("$_cointrack_program" __complete tracked 2>/dev/null)
            fi ;;
        'alerts add' )
            if ((index == 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null)
            fi ;;
        'portfolio buy' )
            if ((index == 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null)
            fi ;;
        'portfolio sell' )
            if ((index == 0)); then REPLY=$("$_cointrack_program" __complete catalogue 2>/dev/null)
            fi ;;
        'help' )
            if ((index >= 0)); then _cointrack_subcommands "$*"
                ((index > 0)) || REPLY+=' exit-codes formats sources files'
            fi ;;
        'completion' )
            if ((index == 0)); then REPLY='bash zsh fish'
            fi ;;
    esac
}

_cointrack() {
    local cur=${COMP_WORDS[COMP_CWORD]} path='' word value_of='' prefix='' i
    local _cointrack_program=${COMP_WORDS[0]}
    local -a positionals=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        if [[ -n $value_of ]]; then
            # With '=' in COMP_WORDBREAKS, '--format=csv' arrives as '--format' '=' 'csv'.
            [[ $word == = ]] || value_of=''
            continue
        fi
        case $word in
            --format|--fields|--today|--source|--currency|--from|--to|--jobs|--above|--below|--change|--days|--price|--date|--fee|--coin|--method|--assets-account|--cash-account|--fees-account|--income-account) value_of=$word; continue ;;
            -*) continue ;;
        esac
        if ((${#positionals[@]} == 0)); then
            _cointrack_subcommands "$path"
            if [[ " $REPLY " == *" $word "* ]]; then
                path=${path:+$path }$word
                continue
            fi
        fi
        positionals+=("$word")
    done
    if [[ -n $value_of && $cur == = ]]; then
        cur=''
    elif [[ -z $value_of && $cur == --*=* ]]; then
        # '=' is not a word break here: complete the value inside the word.
        value_of=${cur%%=*}
        prefix=$value_of=
        cur=${cur#*=}
    fi
    REPLY=''
    if [[ -n $value_of ]]; then
        _cointrack_values "$value_of" "$path"
    elif [[ $cur == -* ]]; then
        _cointrack_options "$path"
    else
        ((${#positionals[@]} > 0)) || _cointrack_subcommands "$path"
        [[ -n $REPLY ]] || _cointrack_arguments "$path" ${#positionals[@]} "${positionals[@]}"
    fi
    # The words are literal: matched by prefix here, as 'compgen -W' would expand $(...),
    # backticks and variables in them, and each offered shell-quoted, so that a word
    # holding shell syntax is inserted as text and never runs.
    local candidate quoted
    COMPREPLY=()
    while IFS= read -r candidate; do
        [[ -n $candidate && $candidate == "$cur"* ]] || continue
        printf -v quoted '%q' "$candidate"
        COMPREPLY+=("$prefix$quoted")
    done <<< "${REPLY// /$'\n'}"
}

complete -F _cointrack cointrack
