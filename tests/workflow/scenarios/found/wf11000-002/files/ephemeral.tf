variable "token" {
  type      = string
  default   = "abc123"
  ephemeral = true
  sensitive = true
}

locals {
  token_upper = upper(var.token)
}

check "token_len" {
  assert {
    condition     = length(local.token_upper) > 3
    error_message = "Short: ${local.token_upper}"
  }
}

resource "terraform_data" "token_guard" {
  input = "guard"

  lifecycle {
    precondition {
      condition     = var.token != "nope"
      error_message = "The token is not allowed."
    }
  }
}

module "token_plain" {
  source = "./modules/ephem"
  token  = "x"
  plain  = var.token
}
