variable "token" {
  type      = string
  ephemeral = true

  validation {
    condition     = length(var.token) > 3
    error_message = "Too short: ${var.token}"
  }
}

locals {
  token_applying = terraform.applying
}

output "token_applying" {
  value = ephemeralasnull(local.token_applying)
}

locals {
  token_upper = upper(var.token)
}

check "token_len" {
  assert {
    condition     = length(local.token_upper) > 8
    error_message = "The token is short."
  }
}
