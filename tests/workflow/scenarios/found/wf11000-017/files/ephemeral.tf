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

resource "terraform_data" "token_guard" {
  input = "guard"

  lifecycle {
    precondition {
      condition     = var.token != "tok"
      error_message = "The token is not allowed."
    }
  }
}

output "token_obj" {
  value = ephemeralasnull({ token = var.token, fixed = "x" })
}
