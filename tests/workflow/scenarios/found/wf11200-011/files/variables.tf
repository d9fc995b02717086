variable "zones" {
  type = list(string)
  description = "A variable."
  default = ["a", "b"]
  nullable = false
}

variable "name" {
  type = string
  default = "alpha"

  validation {
    condition     = length(var.name) > 1
    error_message = "The name value is out of range."
  }
}

variable "enabled" {
  type = bool
  description = "A variable."
}
