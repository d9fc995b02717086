variable "enabled" {
  type = bool
  description = "A variable."
  default = true
  nullable = false
}

variable "size" {
  type = number
  default = 2

  validation {
    condition     = var.size >= 0 && var.size <= 4
    error_message = "The size value is out of range."
  }
}
