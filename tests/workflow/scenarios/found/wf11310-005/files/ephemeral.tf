variable "token" {
  type      = string
  ephemeral = true
}

locals {
  token_upper = upper(var.token)
}

check "token_len" {
  assert {
    condition     = length(local.token_upper) > 8
    error_message = "Short: ${local.token_upper}"
  }
}

output "token_null" {
  value = ephemeralasnull(var.token)
}
